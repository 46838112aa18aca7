// Records what the extension tells the user through notifications, for tests that check the wording.
import * as vscode from 'vscode';

export interface ShownMessage {
  level: 'info' | 'warning' | 'error';
  text: string;
  /** The action labels (options object dropped). */
  items: string[];
}

/**
 * Replaces vscode.window's three message functions while `body` runs; each call is recorded and
 * answered with `answer(message)` (default: dismissed).
 */
export async function capturingNotifications<T>(body: (shown: ShownMessage[]) => Promise<T>, answer: (m: ShownMessage) => string | undefined = () => undefined): Promise<T> {
  const w = vscode.window as unknown as Record<string, unknown>;
  const names = { info: 'showInformationMessage', warning: 'showWarningMessage', error: 'showErrorMessage' } as const;
  const saved = Object.fromEntries(Object.values(names).map((n) => [n, w[n]]));
  const shown: ShownMessage[] = [];
  for (const [level, name] of Object.entries(names) as [ShownMessage['level'], string][]) {
    w[name] = async (text: string, ...rest: unknown[]) => {
      const m: ShownMessage = { level, text, items: rest.filter((r): r is string => typeof r === 'string') };
      shown.push(m);
      return answer(m);
    };
  }
  try {
    return await body(shown);
  } finally {
    for (const [name, fn] of Object.entries(saved)) w[name] = fn;
  }
}

/**
 * A loopback base URL where nothing listens: a port the system just gave and took back, so connecting
 * is refused. Not a well-known port such as 9: fetch refuses those "bad ports" without connecting,
 * and the error then carries no ECONNREFUSED.
 */
export async function closedPortUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
