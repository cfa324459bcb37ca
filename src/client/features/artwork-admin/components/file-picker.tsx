import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { PICKER_MESSAGES, pickFiles } from '../file-picker-rules';

interface FilePickerProps {
  label: string;
  hint?: string;
  accept: string;
  maxFiles: number;
  maxBytes: number;
  files: File[];
  onChange: (files: File[]) => void;
  /** Shown under the chosen files: what the store said of them. */
  note?: ReactNode;
}

const MB = 1024 * 1024;

function Thumbnail({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  if (file.type.startsWith('video/')) return <video src={url} muted width={96} height={96} />;
  if (file.type.startsWith('image/')) return <img src={url} alt="" width={96} height={96} />;
  return (
    <span className="file-picker__icon" aria-hidden="true">
      📄
    </span>
  );
}

/** Drag-and-drop or browse; shows what was picked, with previews, and enforces the count and size it displays. */
export function FilePicker({ label, hint, accept, maxFiles, maxBytes, files, onChange, note }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const add = (incoming: File[]) => {
    try {
      const result = pickFiles(files, incoming, maxFiles, maxBytes);
      setMessage(result.message);
      if (result.accepted.length > 0) onChange([...files, ...result.accepted]);
    } catch {
      setMessage(PICKER_MESSAGES.failed);
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <div className="file-picker">
      <p className="file-picker__label" id={`${id}-label`}>
        {label}
      </p>
      <div
        className={`file-picker__zone${dragging ? ' file-picker__zone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drag files here or</p>
        <button type="button" className="button" onClick={() => input.current?.click()}>
          Choose {maxFiles === 1 ? 'a file' : 'files'}
        </button>
        <p className="muted">
          {hint ? `${hint} · ` : ''}
          {maxFiles === 1 ? '1 file' : `Up to ${maxFiles} files`}, {Math.round(maxBytes / MB)} MB each
        </p>
        <input
          ref={input}
          id={id}
          aria-labelledby={`${id}-label`}
          type="file"
          accept={accept}
          multiple={maxFiles > 1}
          className="visually-hidden"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {message && (
        <p className="form-field__error" role="alert">
          {message}
        </p>
      )}
      {files.length > 0 && (
        <ul className="file-picker__list">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Thumbnail file={file} />
              <span className="file-picker__name">
                {file.name} <span className="muted">({(file.size / MB).toFixed(1)} MB)</span>
              </span>
              <button
                type="button"
                className="button button--link"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                Remove <span className="visually-hidden">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && note}
    </div>
  );
}
