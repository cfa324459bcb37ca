import { useState, type FormEvent } from 'react';
import { dropEmptyUpdateValues, UPLOAD_LIMITS } from '#shared/catalogue/artwork-write.ts';
import type { AdminArtwork, UploadedFile } from '#shared/catalogue/artwork-write-schema.ts';
import { CATEGORIES } from '#shared/catalogue/categories.ts';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { errorMessage, errorWithDetails } from '#client/lib/api-error-text.ts';
import { uploadFiles } from '../api/artwork-admin-api';
import { useCreateArtwork, useUpdateArtwork } from '../api/artwork-admin-mutations';
import { useMasterUpload } from '../api/master-upload';
import { initialValues, valuesToSend } from './artwork-form-values';
import { FilePicker } from './file-picker';
import { LicenceFields } from './licence-fields';
import { PayWhatYouWantFields } from './pay-what-you-want-fields';
import { MasterUploadStatus } from './master-upload-status';
import { MockupFields } from './mockup-fields';
import { initialRelease, ReleaseFields, releaseToSend, type ReleaseValues } from './release-fields';

interface ArtworkFormProps {
  /** The artwork being edited; without it the form creates a new one. */
  artwork?: AdminArtwork;
  onSaved?: (artwork: AdminArtwork) => void;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
/** The master: PNG, JPEG or TIFF (WebP and GIF too), or a PDF or ZIP; the server decides by the bytes. */
const MASTER_TYPES = 'image/png,image/jpeg,image/tiff,image/webp,image/gif,application/pdf,application/zip';

export function ArtworkForm({ artwork, onSaved }: ArtworkFormProps) {
  const editing = Boolean(artwork);
  const create = useCreateArtwork();
  const update = useUpdateArtwork();
  const { license: licenceDefault, currency } = useStoreSettings();
  const [values, setValues] = useState(() => initialValues(licenceDefault, artwork));
  const [release, setRelease] = useState<ReleaseValues>(() => initialRelease(artwork?.release));
  const [preview, setPreview] = useState<File[]>([]);
  const [media, setMedia] = useState<File[]>([]);
  const [fullResolution, setFullResolution] = useState<File[]>([]);
  const [master, chooseMaster] = useMasterUpload();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const hasDownload = Boolean(values.googleDriveLink.trim() || fullResolution.length || artwork?.privateFile);
  const hasPreview = preview.length > 0 || editing;
  // A chosen master must be stored first: the form waits for it, and a refused one must be removed or replaced.
  const masterReady = fullResolution.length === 0 || master.status === 'stored';
  const canSubmit = !busy && hasPreview && hasDownload && masterReady;
  // A picture master makes a print pack, whose sizes and files say the listing's Dimensions and Format.
  const masterType = fullResolution.length ? fullResolution[0]!.type : artwork?.privateFile?.contentType;
  const pictureMaster = Boolean(masterType?.startsWith('image/'));

  const pickMaster = (files: File[]) => {
    setFullResolution(files);
    chooseMaster(files[0]);
  };

  function reset() {
    setValues(initialValues(licenceDefault));
    setRelease(initialRelease());
    setPreview([]);
    setMedia([]);
    pickMaster([]);
    setMessage(null);
    setDone(false);
    setProgress(null);
  }

  async function uploadAll() {
    const total = [...preview, ...media].reduce((sum, f) => sum + f.size, 0);
    let finished = 0;
    const upload = async (kind: 'preview' | 'media' | 'private', files: File[]): Promise<UploadedFile[]> => {
      if (files.length === 0) return [];
      const stored = await uploadFiles(kind, files, (sent) => setProgress({ sent: finished + sent, total }));
      finished += files.reduce((sum, f) => sum + f.size, 0);
      return stored;
    };
    setProgress({ sent: 0, total });
    return {
      preview: (await upload('preview', preview))[0],
      media: await upload('media', media),
      fullResolution: master.status === 'stored' ? master.file : undefined,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setMessage(null);
    let uploaded;
    try {
      uploaded = await uploadAll();
    } catch (error) {
      setMessage(`Failed to upload file: ${errorMessage(error, 'Upload failed')}`);
      setBusy(false);
      return;
    }
    const body = {
      ...valuesToSend(values),
      previewUrl: uploaded.preview?.url ?? '',
      media: uploaded.media.map((file) => ({ type: file.type === 'video' ? 'video' : 'image', url: file.url ?? '' })),
      privateFileKey: uploaded.fullResolution?.path ?? '',
      release: releaseToSend(release, initialRelease(artwork?.release)),
    };
    try {
      const saved = artwork
        ? await update.mutateAsync({ id: artwork.id, changes: dropEmptyUpdateValues(body) })
        : await create.mutateAsync({
            ...body,
            googleDriveLink: body.googleDriveLink || null,
            privateFileKey: body.privateFileKey || null,
          });
      setMessage(editing ? 'Artwork updated successfully!' : 'Artwork uploaded successfully!');
      setDone(!editing);
      onSaved?.(saved);
    } catch (error) {
      setMessage(errorWithDetails(error, 'Failed to upload artwork'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="artwork-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="artwork-form__grid">
        <FormField label="Title" required value={values.title} onChange={set('title')} />
        <FormField label="Artist" required value={values.artist} onChange={set('artist')} />
        <FormField
          label={`${values.payWhatYouWant ? 'Suggested price' : 'Price'} (${currency.toUpperCase()})`}
          type="number"
          step="0.01"
          min="0"
          required
          value={values.price}
          onChange={set('price')}
        />
        <FormField
          label="Original price (optional)"
          type="number"
          step="0.01"
          min="0"
          value={values.originalPrice}
          onChange={set('originalPrice')}
        />
      </div>
      <FormField
        label="Description"
        renderControl={(control) => (
          <textarea {...control} rows={4} required value={values.description} onChange={set('description')} />
        )}
      />
      <div className="artwork-form__grid">
        <FormField
          label="Category"
          renderControl={(control) => (
            <select {...control} required value={values.category} onChange={set('category')}>
              <option value="">Choose a category</option>
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        />
        <FormField label="Tags" hint="Separate tags with commas" value={values.tags} onChange={set('tags')} />
        {!pictureMaster && (
          <FormField
            label="Dimensions"
            hint="The sizes the file prints at. With a picture master, the store works them out."
            value={values.dimensions}
            onChange={set('dimensions')}
          />
        )}
      </div>
      {pictureMaster && (
        <p className="muted artwork-form__derived">
          Dimensions and Format come from the master: its print sizes per frame ratio, as JPG and PNG files at 300 DPI.
        </p>
      )}

      <FilePicker
        label={editing ? 'Preview image (leave empty to keep the current one)' : 'Preview image'}
        hint="PNG, JPEG, WebP or GIF"
        accept={IMAGE_TYPES}
        maxFiles={UPLOAD_LIMITS.preview.maxFiles}
        maxBytes={UPLOAD_LIMITS.preview.maxBytes}
        files={preview}
        onChange={setPreview}
      />
      <FilePicker
        label={editing ? 'More images and videos (replace the current ones)' : 'More images and videos (optional)'}
        hint="Images, MP4 or WebM"
        accept={`${IMAGE_TYPES},video/mp4,video/webm`}
        maxFiles={UPLOAD_LIMITS.media.maxFiles}
        maxBytes={UPLOAD_LIMITS.media.maxBytes}
        files={media}
        onChange={setMedia}
      />

      <fieldset className="artwork-form__download">
        <legend>What the buyer downloads</legend>
        <FormField
          label="Google Drive download link"
          type="url"
          placeholder="https://drive.google.com/..."
          hint="Share the file as 'Anyone with the link can view'."
          value={values.googleDriveLink}
          onChange={set('googleDriveLink')}
        />
        <FilePicker
          label={
            artwork?.privateFile
              ? `Full-resolution file (current: ${artwork.privateFile.name})`
              : 'Or upload the full-resolution file (kept private)'
          }
          hint="PNG, JPEG or TIFF master up to 120 MP (at least 1200 × 1500 px), or PDF or ZIP"
          accept={MASTER_TYPES}
          maxFiles={UPLOAD_LIMITS.private.maxFiles}
          maxBytes={UPLOAD_LIMITS.private.maxBytes}
          files={fullResolution}
          onChange={pickMaster}
          note={<MasterUploadStatus upload={master} />}
        />
      </fieldset>
      {editing && !hasDownload && (
        <FormMessage kind="error">
          Warning: No Google Drive link is set for this artwork. Please add one before saving.
        </FormMessage>
      )}

      <PayWhatYouWantFields values={values} onChange={(pricing) => setValues((v) => ({ ...v, ...pricing }))} />
      {!values.payWhatYouWant && (
        <LicenceFields values={values} onChange={(licences) => setValues((v) => ({ ...v, ...licences }))} />
      )}
      <MockupFields
        values={values}
        onChange={(mockups) => setValues((v) => ({ ...v, ...mockups }))}
        mockups={artwork?.mockups}
      />

      <ReleaseFields values={release} onChange={setRelease} />

      <div className="artwork-form__flags">
        <label>
          <input
            type="checkbox"
            checked={values.isFeatured}
            onChange={(e) => setValues((v) => ({ ...v, isFeatured: e.target.checked }))}
          />{' '}
          Featured
        </label>
        <label>
          <input
            type="checkbox"
            checked={values.isNewArrival}
            onChange={(e) => setValues((v) => ({ ...v, isNewArrival: e.target.checked }))}
          />{' '}
          New Arrival
        </label>
      </div>

      {progress && busy && (
        <label className="artwork-form__progress">
          Uploading… {Math.round((progress.sent / Math.max(progress.total, 1)) * 100)}%
          <progress max={Math.max(progress.total, 1)} value={progress.sent} />
        </label>
      )}
      {message && <FormMessage kind={message.includes('Error') ? 'error' : 'success'}>{message}</FormMessage>}

      {done ? (
        <button type="button" className="button button--primary" onClick={reset}>
          + Add New Artwork
        </button>
      ) : (
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {busy ? 'Uploading...' : editing ? 'Save Changes' : 'Upload Artwork'}
        </button>
      )}
      {!hasPreview && <p className="muted">Choose a preview image to continue.</p>}
      {hasPreview && hasDownload && !masterReady && (
        <p className="muted">
          {master.status === 'refused'
            ? 'Remove or replace the full-resolution file to continue.'
            : 'Waiting for the full-resolution file to upload…'}
        </p>
      )}
      {hasPreview && !hasDownload && (
        <p className="muted">Add a Google Drive link or the full-resolution file to continue.</p>
      )}
    </form>
  );
}
