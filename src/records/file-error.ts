// What a failed read or write of a file the user named means, in words: Node's own messages
// ("EISDIR: illegal operation on a directory, read") name the system call, not the problem.

const MEANINGS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory, not a file',
  // From making a directory: a file of that name is in the way.
  EEXIST: 'a file of that name is in the way',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many files are open',
};

export function describeFileError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code && MEANINGS[code]) return MEANINGS[code];
  return e instanceof Error ? e.message : String(e);
}
