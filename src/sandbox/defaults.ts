// Where the sandbox listens unless told otherwise. Its own file so the CLI's help text can name them
// without loading the sandbox itself (dist/sandbox.js is loaded only when the sandbox runs).
export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
