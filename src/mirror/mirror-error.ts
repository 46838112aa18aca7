// The error of a mirror directory that cannot be used as one (its own file: the store, the record
// set and the directory's files all raise it).
/** The message says why and what to do. */
export class MirrorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MirrorError';
  }
}

/** A stored record that does not read back as written: the mirror is rebuilt by its next sync. */
export class MirrorDamageError extends MirrorError {}
