import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import sql from 'highlight.js/lib/languages/sql';
import xml from 'highlight.js/lib/languages/xml';

/*
 * highlight.js core with the languages the editor's code-block picker offers (Quill's list: its keys are
 * highlight.js names or aliases, `cs` being C#). Only the blog admin's editor (a lazy chunk) and a post page
 * that has a code block load this module, so the highlighter never weighs on any other page.
 */
const LANGUAGES = { bash, cpp, csharp, css, diff, java, javascript, markdown, php, python, ruby, sql, xml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

export { hljs };

/**
 * Highlights every `<pre>` code block under `root` in place. The block's text (never its markup) is what
 * gets highlighted, and highlight.js escapes that text in its output, so what the sanitizer let through
 * stays inert: a `<script>` in a code block is shown as text. The editor marks a block's language with
 * `data-language` ("plain" for none); a block without the mark (an older post) is auto-detected among
 * the registered languages.
 */
export function highlightCodeBlocks(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('pre')) {
    if (block.classList.contains('hljs')) continue;
    const marked = block.getAttribute('data-language');
    if (marked === 'plain') continue;
    if (marked && !hljs.getLanguage(marked)) continue;
    const text = block.textContent ?? '';
    const result = marked ? hljs.highlight(text, { language: marked, ignoreIllegals: true }) : hljs.highlightAuto(text);
    block.innerHTML = result.value;
    block.classList.add('hljs');
  }
}
