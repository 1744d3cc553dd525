import { describe, expect, it } from 'vitest';
import { highlightCodeBlocks } from './code-highlight';
import { sanitizePostHtml } from './safe-html';

/** A post's content as the page renders it (sanitized), then highlighted in place. */
function highlighted(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = sanitizePostHtml(html);
  highlightCodeBlocks(root);
  return root;
}

describe('highlightCodeBlocks', () => {
  it.each([
    ['javascript', 'const answer = 42;', '.hljs-keyword', 'const'],
    ['python', 'def greet():\n    return "hi"', '.hljs-keyword', 'def'],
    ['sql', 'SELECT id FROM posts;', '.hljs-keyword', 'SELECT'],
    ['cs', 'public class Post {}', '.hljs-keyword', 'public'],
    ['bash', '# list files\nls -la', '.hljs-comment', '# list files'],
  ])('highlights a block marked %s', (language, code, token, text) => {
    const root = highlighted(`<pre data-language="${language}">${code}</pre>`);
    const block = root.querySelector('pre');
    expect(block?.classList.contains('hljs')).toBe(true);
    expect(block?.querySelector(token)?.textContent).toBe(text);
    expect(block?.textContent).toBe(code);
  });

  it.each([
    ['const total = items.reduce((sum, item) => sum + item.price, 0);', 'const'],
    ['def greet(name):\n    return f"Hello {name}"', 'def'],
  ])('auto-detects the language of a block without a mark (an older post): %j', (code, keyword) => {
    const root = highlighted(`<pre class="ql-syntax">${code}</pre>`);
    expect(root.querySelector('pre .hljs-keyword')?.textContent).toBe(keyword);
  });

  it.each([
    ['plain', '<pre data-language="plain">const a = 1;</pre>'],
    ['a language it does not know', '<pre data-language="cobol">const a = 1;</pre>'],
    ['empty content', ''],
    ['no code block', '<p>const a = 1;</p>'],
  ])('leaves %s alone', (_name, html) => {
    const before = sanitizePostHtml(html);
    expect(highlighted(html).innerHTML).toBe(before);
  });

  it.each([
    ['escaped markup in the code', '<pre data-language="xml">&lt;script&gt;alert(1)&lt;/script&gt;</pre>'],
    [
      'escaped markup in JavaScript',
      '<pre data-language="javascript">el.innerHTML = "&lt;img src=x onerror=alert(1)&gt;";</pre>',
    ],
    ['escaped markup, auto-detected', '<pre>&lt;script&gt;alert(1)&lt;/script&gt;</pre>'],
  ])('keeps %s as text', (_name, html) => {
    const root = highlighted(html);
    expect(root.querySelector('script, img')).toBeNull();
    expect(root.querySelector('pre')?.textContent).toMatch(/<(script|img)/);
    for (const element of root.querySelectorAll('pre *')) {
      expect(element.tagName).toBe('SPAN');
      expect(element.getAttributeNames()).toEqual(['class']);
    }
  });

  it('highlights a block once, however often it runs', () => {
    const root = highlighted('<pre data-language="javascript">let a = 1;</pre>');
    const once = root.innerHTML;
    highlightCodeBlocks(root);
    expect(root.innerHTML).toBe(once);
  });
});
