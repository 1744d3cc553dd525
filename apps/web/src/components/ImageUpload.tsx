import { ImageUp, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from '../lib/toast';
import { formatBytes, INVALID_IMAGE_MESSAGE, isImageFile, UPLOAD_HINT } from '../lib/image-file';
import { useObjectUrl } from '../lib/use-object-url';
import { ui } from './ui';

interface ImageUploadProps {
  /** The chosen file, owned by the tool. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  label?: string;
  /** Show a preview of the original image (default true). */
  preview?: boolean;
  disabled?: boolean;
}

/**
 * The one upload control of the image tools: click or drag and drop, accepts
 * only image/* ("Please select a valid image file"), shows the designed hint and
 * a preview of the original.
 */
export function ImageUpload({
  file,
  onFileChange,
  label = 'Upload image',
  preview = true,
  disabled = false,
}: ImageUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previewUrl = useObjectUrl(preview ? file : null);

  const accept = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!isImageFile(candidate)) {
      toast.error(INVALID_IMAGE_MESSAGE);
      return;
    }
    onFileChange(candidate);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) accept(event.dataTransfer.files[0]);
  };

  return (
    <div>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
            : 'border-slate-300 hover:border-indigo-400 dark:border-slate-700 dark:hover:border-indigo-500'
        } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <ImageUp aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-400" />
        <span className="font-medium text-slate-900 dark:text-white">{label}</span>
        <span className={ui.muted}>Click to choose, or drag and drop an image here</span>
        <span id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {UPLOAD_HINT}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => {
            accept(event.target.files?.[0]);
            // Choosing the same file again must fire change again.
            event.target.value = '';
          }}
        />
      </label>
      {file ? (
        <div className="mt-4 flex items-start gap-4">
          {preview && previewUrl ? (
            <img
              src={previewUrl}
              alt={`Original: ${file.name}`}
              className="max-h-48 max-w-[50%] rounded-lg border border-slate-200 object-contain dark:border-slate-700"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{file.name}</p>
            <p className={ui.muted}>
              {formatBytes(file.size)} · {file.type}
            </p>
            <button
              type="button"
              className="mt-2 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-700 hover:text-red-700 dark:text-slate-300 dark:hover:text-red-400"
              onClick={() => onFileChange(null)}
              disabled={disabled}
            >
              <X aria-hidden="true" className="size-4" />
              Remove image
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
