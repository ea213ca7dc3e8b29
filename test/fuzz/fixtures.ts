import { randomBytes } from 'node:crypto';
import { createApiKey } from '../../src/core/access/keys.js';
import { buildEpub, buildOdt, pngHeader, zipBomb } from '../fixtures/convert/containers.js';
import { buildDocx, buildPptx, buildTextPdf, buildXlsx } from '../fixtures/convert/office.js';
import { SCOPED_TAG } from '../helpers/principals.js';
import { waitFor, waitForDocument, type TestServer } from '../helpers/server.js';
import type { RequestContext } from './requests.js';
import type { Pools } from './schema-values.js';

/** The other organization: the fuzzer knows its ids and uses them, but never its key. */
export interface Victim {
  orgId: string;
  key: string;
  /** In its documents and memories; no answer to the organization under test may contain it. */
  marker: string;
  /** Its ids that the organization under test has no reason to see in a successful answer. */
  privateIds: string[];
}

export interface Fixtures {
  keys: RequestContext['keys'];
  pools: Pools;
  files: RequestContext['files'];
  victim: Victim;
}

const TAGS = ['fuzz_a', SCOPED_TAG, 'merge_src', 'merge_dst'];
const METADATA_KEYS = ['n', 'priority', 'tags', 'flag', 'big', 'status', 'when'];

async function ok<T = any>(server: TestServer, key: string, method: string, path: string, body?: unknown, raw?: FormData): Promise<T> {
  const res = await server.request(method, path, { key, body, raw });
  if (res.status >= 300) throw new Error(`fixture ${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

interface Seeded {
  /** Documents, the conversation's document, and the custom and conversation ids that name them too. */
  documents: string[];
  memories: string[];
  merges: string[];
  fileDocument: string;
  fileToken: string;
}

/** Documents, memories, a file, a conversation and a merge of one organization. */
async function seedOrganization(server: TestServer, key: string, marker: string, extraTag: string): Promise<Seeded> {
  const text = (s: string) => `${s} ${marker}`.trim();
  const documents = [
    {
      content: text('Project 7 ships on 2024-05-01; Bob leads it.'),
      containerTag: 'fuzz_a',
      customId: 'shared-custom',
      metadata: { n: 5, priority: 'high', tags: ['x', 'y'], flag: true, big: '1e999', when: '2024-05-01' },
    },
    { content: text("Alice's apartment number is 1234."), containerTag: SCOPED_TAG, customId: `custom-${extraTag}`, metadata: { n: '1e309', status: 'open' } },
    { content: text('# Notes\n\n- Lisbon in May\n- Kyoto in October'), containerTag: 'merge_src', metadata: { n: -0.5 } },
    { content: text('I prefer tea over coffee.'), containerTag: extraTag },
  ];
  const ids: string[] = [];
  for (const doc of documents) ids.push((await ok(server, key, 'POST', '/v3/documents', doc)).id);
  const form = new FormData();
  form.append('file', new Blob([text('A file about the Lisbon trip.')], { type: 'text/plain' }), 'trip.txt');
  form.append('containerTag', 'fuzz_a');
  const fileDocument = (await ok(server, key, 'POST', '/v3/documents/file', undefined, form)).id;
  const conversation = await ok(server, key, 'POST', '/v4/conversations', {
    conversationId: `conv-${extraTag}`,
    containerTag: 'fuzz_a',
    messages: [{ role: 'user', content: text('My sister Carol lives in Oslo.') }],
  });
  for (const id of [...ids, fileDocument, conversation.id]) await waitForDocument(server, id, key);

  const memories = await ok(server, key, 'POST', '/v4/memories', {
    containerTag: 'fuzz_a',
    memories: [
      { content: text('Dana works at Acme.'), metadata: { n: 3 } },
      { content: text('Dana likes chess.'), isStatic: true },
    ],
  });
  const merge = await ok(server, key, 'POST', '/v3/container-tags/merge', { containerTags: ['merge_src'], targetContainerTag: 'merge_dst' });
  await waitFor(
    async () => ((await ok(server, key, 'GET', `/v3/container-tags/merge/${merge.mergeId}`)).status === 'completed' ? true : undefined),
    60_000,
    'fixture merge',
  );
  const link = await ok(server, key, 'GET', `/v3/documents/${fileDocument}/file-url`);
  return {
    documents: [...ids, fileDocument, conversation.id, conversation.conversationId, 'shared-custom', `custom-${extraTag}`],
    memories: memories.memories.map((m: { id: string }) => m.id),
    merges: [merge.mergeId],
    fileDocument,
    fileToken: new URL(link.url).pathname.split('/').pop()!,
  };
}

/**
 * File links of the other organization made up from one's own: its payload under one's own MAC,
 * and one's own payload pointed at its document. A real link of the other organization is not
 * used, since a signed link is meant to open for whoever holds it.
 */
function forgedLinks(ownToken: string, victimToken: string, victimDocumentId: string): string[] {
  const [ownPayload, ownMac] = ownToken.split('.');
  const [victimPayload] = victimToken.split('.');
  const redirected = { ...JSON.parse(Buffer.from(ownPayload, 'base64url').toString('utf8')), d: victimDocumentId };
  return [`${victimPayload}.${ownMac}`, `${Buffer.from(JSON.stringify(redirected)).toString('base64url')}.${ownMac}`];
}

/** Real documents of each format the converters take, small enough to send often. */
async function sampleFiles(): Promise<RequestContext['files']> {
  const office = 'application/vnd.openxmlformats-officedocument';
  return [
    { name: 'notes.md', type: 'text/markdown', bytes: new TextEncoder().encode('# Title\n\nSome *markdown* with a [link](http://127.0.0.1:1/).\n') },
    {
      name: 'page.html',
      type: 'text/html',
      bytes: new TextEncoder().encode('<html><head><title>t</title></head><body><h1>Hi</h1><script>x()</script><p>text</p></body></html>'),
    },
    { name: 'data.csv', type: 'text/csv', bytes: new TextEncoder().encode('name,n\nalice,1\nbob,"2,5"\n') },
    { name: 'data.json', type: 'application/json', bytes: new TextEncoder().encode('{"a":[1,2,{"b":"c"}],"d":null}') },
    { name: 'doc.docx', type: `${office}.wordprocessingml.document`, bytes: await buildDocx() },
    { name: 'sheet.xlsx', type: `${office}.spreadsheetml.sheet`, bytes: buildXlsx() },
    { name: 'slides.pptx', type: `${office}.presentationml.presentation`, bytes: await buildPptx(1) },
    { name: 'doc.pdf', type: 'application/pdf', bytes: await buildTextPdf(1) },
    { name: 'doc.odt', type: 'application/vnd.oasis.opendocument.text', bytes: await buildOdt() },
    { name: 'book.epub', type: 'application/epub+zip', bytes: await buildEpub() },
    { name: 'huge.png', type: 'image/png', bytes: pngHeader(100_000, 100_000) },
    { name: 'bomb.zip', type: 'application/zip', bytes: zipBomb(64, 1_000) },
  ];
}

/**
 * Two organizations with data: the one under test (the server's default org, four kinds of keys)
 * and a victim whose ids the fuzzer mixes into its requests.
 */
export async function createFixtures(server: TestServer): Promise<Fixtures> {
  const db = server.app.database.db;
  const member = await createApiKey(db, { role: 'member', name: 'fuzz member' });
  const scopedRead = await createApiKey(db, { containerTags: [SCOPED_TAG], permission: 'read', name: 'fuzz scoped read' });
  const scopedWrite = await createApiKey(db, { containerTags: [SCOPED_TAG], permission: 'write', name: 'fuzz scoped write' });
  // Keys only there to be toggled and revoked by id; the ones the fuzzer calls with are not in the pools.
  const spare = await createApiKey(db, { role: 'member', name: 'fuzz spare' });
  const spareScoped = await createApiKey(db, { containerTags: ['fuzz_a'], name: 'fuzz spare scoped' });

  const victimAdmin = await createApiKey(db, { orgName: 'fuzz-victim-org', role: 'admin', name: 'victim admin' });
  const victimSpare = await createApiKey(db, { orgName: 'fuzz-victim-org', role: 'member', name: 'victim spare' });
  const marker = `zq${randomBytes(6).toString('hex')}`;

  const own = await seedOrganization(server, server.adminKey, '', 'a_private');
  const victim = await seedOrganization(server, victimAdmin.key, marker, 'b_private');
  const victimKeys = [victimAdmin.row.id, victimSpare.row.id];

  return {
    keys: { admin: server.adminKey, member: member.key, scopedRead: scopedRead.key, scopedWrite: scopedWrite.key },
    pools: {
      ids: {
        documents: [...own.documents, ...victim.documents],
        memories: [...own.memories, ...victim.memories],
        keys: [spare.row.id, spareScoped.row.id, ...victimKeys],
        merges: [...own.merges, ...victim.merges],
        links: [own.fileToken, ...forgedLinks(own.fileToken, victim.fileToken, victim.fileDocument)],
      },
      tags: [...TAGS, 'a_private', 'b_private'],
      metadataKeys: METADATA_KEYS,
    },
    files: await sampleFiles(),
    victim: {
      orgId: victimAdmin.row.orgId,
      key: victimAdmin.key,
      marker,
      privateIds: [...victim.documents, ...victim.memories, ...victim.merges, ...victimKeys].filter((id) => id !== 'shared-custom'),
    },
  };
}
