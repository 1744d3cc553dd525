import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import ReactQuill, { Quill } from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { ui } from '../../components/ui';
import { hljs } from '../blog/code-highlight';
import '../blog/code-theme.css';
import { editorImageUrl, REFUSED_LINK, sanitizeEditorLink } from './blog-admin.service';
import './rich-text-editor.css';

/*
 * This module is the only importer of Quill, and the admin page loads it with
 * lazy(), so the editor's code (and the code highlighter with it) is fetched on
 * /blog-admin only (docs/decisions/0008-quality-bars.md).
 */

interface SanitizingFormat {
  sanitize(url: string): string;
  PROTOCOL_WHITELIST?: string[];
  SANITIZED_URL?: string;
}

// Links are kept only for http, https, mailto and tel; images only for http, https and data.
const LinkFormat = Quill.import('formats/link') as SanitizingFormat;
LinkFormat.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
LinkFormat.SANITIZED_URL = REFUSED_LINK;
LinkFormat.sanitize = (url: string) => sanitizeEditorLink(url);
const ImageFormat = Quill.import('formats/image') as SanitizingFormat;
ImageFormat.sanitize = (url: string) => {
  const checked = editorImageUrl(String(url ?? ''));
  return checked.ok ? checked.value : '//:0';
};

/**
 * Headers 1–3, bold, italic, underline, strike, ordered and bullet lists, link, image,
 * clean; plus outdent and indent (Quill's indent format has levels 1 to 8).
 */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  ['clean'],
];

/** Names for Quill's icon-only controls (Quill labels them with the bare format name). */
const BUTTON_LABELS: ReadonlyArray<[selector: string, label: string]> = [
  ['button.ql-bold', 'Bold'],
  ['button.ql-italic', 'Italic'],
  ['button.ql-underline', 'Underline'],
  ['button.ql-strike', 'Strikethrough'],
  ['button.ql-list[value="ordered"]', 'Numbered list'],
  ['button.ql-list[value="bullet"]', 'Bulleted list'],
  ['button.ql-indent[value="-1"]', 'Decrease indent'],
  ['button.ql-indent[value="+1"]', 'Increase indent'],
  ['button.ql-link', 'Insert link'],
  ['button.ql-image', 'Insert image'],
  ['button.ql-clean', 'Clear formatting'],
];

/** How long typing must pause before the editor highlights its code blocks again. */
const CODE_HIGHLIGHT_INTERVAL_MS = 1000;

/** What a key binding's handler is given: the editor (as `this`) and the selection. */
interface BindingThis {
  quill: { format(name: string, value: string, source: 'user'): void };
}
interface BindingContext {
  collapsed: boolean;
  offset: number;
}

/** Tab (or Shift+Tab) at the start of a list item, or with several lines selected, changes its level. */
const listLevel = (change: '+1' | '-1') => ({
  key: 'Tab',
  shiftKey: change === '-1',
  format: ['list'],
  handler(this: BindingThis, _range: unknown, context: BindingContext) {
    if (context.collapsed && context.offset !== 0) return true;
    this.quill.format('indent', change, 'user');
    return false;
  },
});

/*
 * Tab moves focus on, as everywhere else on the page, instead of inserting a tab: the editor must never
 * trap the keyboard (WCAG 2.1.2). The one exception is the start of a list item, where Tab and Shift+Tab
 * change the item's level as in every word processor; anywhere else in the line Tab still leaves.
 */
const KEYBOARD_BINDINGS = {
  tab: null,
  indent: listLevel('+1'),
  outdent: listLevel('-1'),
  'remove tab': null,
  'indent code-block': null,
  'outdent code-block': null,
};

export interface RichTextEditorProps {
  /** id of the visible label ("Content"). */
  labelId: string;
  /**
   * The content the editor starts with. The editor owns its content from then
   * on and reports every change; to load other content, remount it (`key`).
   * Feeding content back as a controlled value would make Quill rewrite itself
   * while React renders, and the form's state update could then be lost.
   */
  initialValue: string;
  onChange: (html: string) => void;
  placeholder: string;
  /** id of the error text, when the content is the reason the form was refused. */
  errorId?: string | undefined;
}

/** The post's Content editor: Quill (snow theme) with the designed toolbar and a safe image prompt. */
export default function RichTextEditor({ labelId, initialValue, onChange, placeholder, errorId }: RichTextEditorProps) {
  const quillRef = useRef<ReactQuill>(null);
  const [imageAt, setImageAt] = useState<number | null>(null);
  const openImagePrompt = useRef<() => void>(() => {});
  useEffect(() => {
    openImagePrompt.current = () => {
      const editor = quillRef.current?.getEditor();
      if (!editor) return;
      setImageAt(editor.getSelection(true)?.index ?? editor.getLength() - 1);
    };
  });

  // Stable for the editor's lifetime: a new modules object would rebuild Quill.
  const modules = useMemo(
    () => ({
      toolbar: { container: TOOLBAR, handlers: { image: () => openImagePrompt.current() } },
      keyboard: { bindings: KEYBOARD_BINDINGS },
      // Code blocks are highlighted once typing has paused for a second.
      syntax: { hljs, interval: CODE_HIGHLIGHT_INTERVAL_MS },
    }),
    [],
  );

  // Label Quill's controls once it has built them.
  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    const root = editor.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    root.setAttribute('aria-placeholder', placeholder);
    if (errorId) root.setAttribute('aria-describedby', errorId);
    else root.removeAttribute('aria-describedby');
    const toolbar = (editor.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
    if (toolbar) {
      toolbar.setAttribute('aria-label', 'Formatting');
      for (const [selector, label] of BUTTON_LABELS) toolbar.querySelector(selector)?.setAttribute('aria-label', label);
      toolbar.querySelector('.ql-header .ql-picker-label')?.setAttribute('aria-label', 'Text style');
      for (const item of toolbar.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item')) {
        const level = item.getAttribute('data-value');
        item.setAttribute('aria-label', level ? `Heading ${level}` : 'Normal text');
      }
    }
    editor.container.querySelector('.ql-tooltip input')?.setAttribute('aria-label', 'Link address');
  }, [labelId, placeholder, errorId]);

  // Each code block carries Quill's language picker, an unlabelled <select>; name it as it appears.
  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    const labelPickers = () => {
      for (const picker of editor.root.querySelectorAll('.ql-code-block-container select')) {
        picker.setAttribute('aria-label', 'Code language');
      }
    };
    labelPickers();
    editor.on(Quill.events.SCROLL_BLOT_MOUNT, labelPickers);
    return () => void editor.off(Quill.events.SCROLL_BLOT_MOUNT, labelPickers);
  }, []);

  const closeImagePrompt = () => {
    setImageAt(null);
    quillRef.current?.getEditor().focus();
  };

  return (
    <div className="rich-text-editor">
      <ReactQuill
        ref={quillRef}
        theme="snow"
        defaultValue={initialValue}
        onChange={(html) => onChange(html)}
        modules={modules}
        placeholder={placeholder}
      />
      {imageAt === null ? null : (
        <ImagePrompt
          onCancel={closeImagePrompt}
          onInsert={(url, alt) => {
            const editor = quillRef.current?.getEditor();
            if (editor) {
              editor.insertEmbed(imageAt, 'image', url, 'user');
              if (alt) editor.formatText(imageAt, 1, 'alt', alt, 'user');
              editor.setSelection(imageAt + 1, 0, 'silent');
            }
            closeImagePrompt();
          }}
        />
      )}
    </div>
  );
}

/**
 * Asks for an image address instead of embedding a picked file, and accepts
 * only http, https and data:image addresses. Not a nested
 * form: it lives inside the post form, so Enter is handled here.
 */
function ImagePrompt({ onInsert, onCancel }: { onInsert: (url: string, alt: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => input.current?.focus(), []);

  const insert = () => {
    const checked = editorImageUrl(url);
    if (!checked.ok) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    onInsert(checked.value, alt.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      insert();
    }
  };

  return (
    // The group only listens for Enter and Escape bubbling from its own controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-labelledby={`${inputId}-label`}
      onKeyDown={onKeyDown}
      className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950"
    >
      <label id={`${inputId}-label`} htmlFor={inputId} className={ui.label}>
        Image URL
      </label>
      <input
        ref={input}
        id={inputId}
        type="url"
        inputMode="url"
        placeholder="https://example.com/picture.png"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={ui.input}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <label htmlFor={`${inputId}-alt`} className={`mt-3 ${ui.label}`}>
        Image description (alt text)
      </label>
      <input
        id={`${inputId}-alt`}
        placeholder="Leave empty if the image is decorative"
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        className={ui.input}
      />
      <div className="mt-3 flex gap-2">
        <button type="button" className={ui.button} onClick={insert}>
          <ImagePlus aria-hidden="true" className="size-4" />
          Insert Image
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
