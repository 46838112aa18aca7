// A full listing writes the service's own text of each record only when the checked page is the
// answer as sent (src/api/client.ts: Page.body): a page the client had to convert (a number as
// numeric text, which the client accepts) is stored as converted, exactly as a plain listing shows
// it. Against a scripted server on 127.0.0.1 (the sandbox never sends numeric text).
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import { Mirror } from '../../src/mirror';
import { json, scriptedServer } from '../support/scripted-server';
import { tempDir } from './helpers';

describe('mirror: a full listing stores what the client checked', () => {
  it('stores a converted page as converted, a page as sent as its own text', async () => {
    const asSent = { id: 'urn:l:1', name: 'Blue Owl Café', latitude: 30.27, longitude: -97.74, sourceIds: [{ integration: 'urn:i', id: 's1' }] };
    const asText = { id: 'urn:l:2', name: 'Red Fox', images: [{ url: 'https://example.com/f.jpg', height: ' 300 ' }], sourceIds: [{ integration: 'urn:i', id: 's2' }] };
    const converted = { ...asText, images: [{ url: 'https://example.com/f.jpg', height: 300 }] };
    const server = await scriptedServer((req, res) => {
      const { page } = JSON.parse(req.body) as { page: number };
      if (req.url.endsWith('/locations')) {
        // Page 0 as sent, with spacing the client's own serialization would not keep; page 1 needs converting.
        if (page === 0) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(`{"page": 0, "has_next_page": true, "data": [ ${JSON.stringify(asSent, null, 0).replace('"name":', '"name" :')} ]}`);
        } else json(res, 200, { page: 1, has_next_page: false, data: [asText] });
      } else json(res, 200, { page: 0, has_next_page: false, data: [] });
    });
    try {
      const dir = await tempDir();
      const mirror = await Mirror.open(dir);
      await mirror.sync(new DedupClient({ baseUrl: server.baseUrl, token: 't' }));
      const reopened = await Mirror.open(dir);
      assert.deepEqual(reopened.get('locations', 'urn:l:1'), asSent);
      assert.deepEqual(reopened.get('locations', 'urn:l:2'), converted, 'converted, as the client checked it');
      // The first page's record is the service's own text (its spacing kept), the second serialized.
      const { readFile } = await import('node:fs/promises');
      const base = (await readFile(`${dir}/locations.1.ndjson`, 'utf8')).trimEnd().split('\n');
      assert.match(base[0], /"name" :/);
      assert.deepEqual(JSON.parse(base[1]), converted);
    } finally {
      await server.close();
    }
  });
});
