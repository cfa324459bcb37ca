import { LocalStorage } from '../src/server/providers/storage/local-storage';

/** A local store that counts its writes, to tell a made file from a reused one. */
export class CountingStorage extends LocalStorage {
  puts: string[] = [];
  override async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.puts.push(key);
    return super.put(key, body, contentType);
  }
  override async putFile(key: string, file: string, contentType: string): Promise<void> {
    this.puts.push(key);
    return super.putFile(key, file, contentType);
  }
}
