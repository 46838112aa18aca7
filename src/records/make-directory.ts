// `mkdir -p` that always ends. Node's recursive mkdir takes ENOENT to mean "the parent is missing",
// creates the parent (which exists: EEXIST) and tries again, forever, where a directory exists but
// cannot hold a new child (a path under /proc): a mirror or journal asked for there spun at 100 %
// CPU. Here a child that still cannot be made once its parent exists is an error.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

export async function makeDirectory(dir: string): Promise<void> {
  const first = await tryMkdir(dir);
  if (first === 'done') return;
  if (first.code !== 'ENOENT') throw first;
  const parent = path.dirname(dir);
  if (parent === dir) throw first;
  await makeDirectory(parent);
  const second = await tryMkdir(dir);
  if (second !== 'done') throw second;
}

/** 'done' when `dir` is a directory now (made, or there before); else the reason, with its code. */
async function tryMkdir(dir: string): Promise<'done' | NodeJS.ErrnoException> {
  try {
    await mkdir(dir);
    return 'done';
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    if (error.code !== 'EEXIST') return error;
    const isDirectory = await stat(dir).then((s) => s.isDirectory(), () => false);
    return isDirectory ? 'done' : error;
  }
}
