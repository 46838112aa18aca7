// A file that appears only when complete: it is written as `<file>.partial`, which is renamed over
// `file` once every byte is on disk, and removed on failure or cancel, so a failed write leaves no
// half file and an earlier `file` stays as it was.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';

/**
 * Runs `write` on a stream to `<file>.partial`, then ends the stream, waits for it to be flushed and
 * renames it to `file`. If `write` or the stream fails, the stream is destroyed and the partial file
 * removed only after the stream has closed: its open (or a last write) still in flight could
 * otherwise create the file again after the removal, or hold it open after we returned.
 */
export async function writeFileAtomically<T>(file: string, write: (out: WriteStream) => Promise<T>): Promise<T> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'w' });
  // An error (the folder does not exist, the disk is full) is an event; without a listener it would
  // end the process. It is not lost: `finished` below reports it, and writers see it on their writes.
  out.on('error', () => undefined);
  try {
    const result = await write(out);
    out.end();
    await finished(out);
    await rename(partial, file);
    return result;
  } catch (e) {
    out.destroy();
    await closed(out);
    await rm(partial, { force: true });
    throw e;
  }
}

function closed(out: WriteStream): Promise<void> {
  return new Promise((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));
}
