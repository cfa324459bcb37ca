/** Where public files (previews, renditions, media) live. Local disk by default; S3 comes with the uploads work. */
export interface StorageProvider {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL a browser fetches the file from. */
  publicUrl(key: string): string;
}
