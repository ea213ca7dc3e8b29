import { describe, expect, it } from 'vitest';
import { rawZip } from '../../test/fixtures/convert/containers.js';
import { buildDocx, buildXlsx } from '../../test/fixtures/convert/office.js';
import { ConversionError, convertToMarkdown, DOCUMENT_TYPES } from './index.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const html = '<!DOCTYPE html><html><head><title>Hi</title></head><body><p>Hello page</p></body></html>';

describe('convertToMarkdown type detection', () => {
  it('lets a forced fileType win over everything', async () => {
    const doc = await convertToMarkdown({
      bytes: utf8('{"a": 1}'),
      contentType: 'application/json',
      filename: 'x.json',
      fileType: 'text',
    });
    expect(doc.type).toBe('text');
    expect(doc.markdown).toBe('{"a": 1}');
  });

  it('routes a forced pdf type to the PDF converter', async () => {
    await expect(convertToMarkdown({ bytes: utf8('hello'), fileType: 'pdf' })).rejects.toThrow(/PDF/);
  });

  it('rejects an unknown forced type', async () => {
    await expect(convertToMarkdown({ bytes: utf8('x'), fileType: 'video' })).rejects.toBeInstanceOf(ConversionError);
  });

  it('trusts %PDF- magic bytes over content type and filename', async () => {
    const bytes = utf8('%PDF-1.7 garbage that is not a real pdf');
    await expect(convertToMarkdown({ bytes, contentType: 'text/plain', filename: 'a.txt' })).rejects.toThrow(/corrupt PDF/);
  });

  it('sniffs JSON over a text/plain content type', async () => {
    const doc = await convertToMarkdown({ bytes: utf8(' {"name":"x"}'), contentType: 'text/plain' });
    expect(doc).toMatchObject({ type: 'text', format: 'json' });
    expect(doc.mimeType).toBe('application/json');
    expect(doc.markdown).toBe('- name: x');
  });

  it('does not treat bracketed text that fails to parse as JSON', async () => {
    const doc = await convertToMarkdown({ bytes: utf8('[draft] notes'), filename: 'a.txt' });
    expect(doc.type).toBe('text');
  });

  it('sniffs HTML and labels it webpage only when it came from a URL', async () => {
    const local = await convertToMarkdown({ bytes: utf8(html), filename: 'page.txt' });
    expect(local).toMatchObject({ type: 'text', format: 'html' });
    expect(local.mimeType).toBe('text/html');
    expect(local.markdown).toContain('Hello page');
    const remote = await convertToMarkdown({ bytes: utf8(html), url: 'https://example.com/' });
    expect(remote.type).toBe('webpage');
  });

  it('uses the content type (ignoring parameters) before the extension', async () => {
    const doc = await convertToMarkdown({
      bytes: utf8('a,b\n1,2\n'),
      contentType: 'Text/CSV; charset=utf-8',
      filename: 'data.md',
    });
    expect(doc).toMatchObject({ type: 'text', format: 'csv' });
    expect(doc.mimeType).toBe('text/csv');
  });

  it('lets a specific extension refine a generic text/plain', async () => {
    const doc = await convertToMarkdown({ bytes: utf8('a,b\n1,2\n'), contentType: 'text/plain', filename: 'd.csv' });
    expect(doc.format).toBe('csv');
  });

  it('falls back to the filename extension, then to the URL path', async () => {
    const md = await convertToMarkdown({ bytes: utf8('# Title\n\nbody'), filename: 'notes.MD' });
    expect(md).toMatchObject({ type: 'text', format: 'markdown', title: 'Title', mimeType: 'text/markdown' });
    const csv = await convertToMarkdown({
      bytes: utf8('a,b\n1,2\n'),
      contentType: 'application/octet-stream',
      url: 'https://example.com/files/data.csv?x=1',
    });
    expect(csv).toMatchObject({ type: 'text', format: 'csv' });
  });

  it('defaults to plain text', async () => {
    const doc = await convertToMarkdown({ bytes: utf8('hello world') });
    expect(doc).toEqual({
      markdown: 'hello world',
      title: 'hello world',
      titleGuessed: true,
      type: 'text',
      format: 'text',
      mimeType: 'text/plain',
      attachments: [],
      droppedAttachments: 0,
    });
  });

  it('renders a conversation turn by turn, speaker first, keeping tool calls', async () => {
    const conversation = {
      conversationId: 'c1',
      messages: [
        { role: 'user', name: 'Ada', content: 'Book me a table for two.' },
        { role: 'assistant', content: '', tool_calls: [{ id: 't1', function: { name: 'reserve' } }] },
        { role: 'tool', tool_call_id: 't1', content: 'Reserved at 7pm' },
      ],
    };
    const result = await convertToMarkdown({ bytes: new TextEncoder().encode(JSON.stringify(conversation)), fileType: 'conversation' });
    expect(result.type).toBe('conversation');
    expect(result.title).toBe('Book me a table for two.');
    expect(result.markdown).toContain('**Ada** (user): Book me a table for two.');
    expect(result.markdown).toContain('"name": "reserve"');
    expect(result.markdown).toContain('**tool**: Reserved at 7pm\n(result of tool call t1)');
    expect(DOCUMENT_TYPES).toContain(result.type);
  });
});

describe('convertToMarkdown decoding', () => {
  it('strips a UTF-8 BOM', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"k":"v"}')]);
    expect((await convertToMarkdown({ bytes })).format).toBe('json');
  });

  it('honours a latin1 charset parameter', async () => {
    const bytes = new Uint8Array(Buffer.from('café crème', 'latin1'));
    const doc = await convertToMarkdown({ bytes, contentType: 'text/plain; charset=ISO-8859-1' });
    expect(doc.markdown).toBe('café crème');
  });

  it('honours utf-16 content, by charset or by BOM', async () => {
    const le = new Uint8Array(Buffer.from('héllo wörld', 'utf16le'));
    expect((await convertToMarkdown({ bytes: le, contentType: 'text/plain; charset="utf-16le"' })).markdown).toBe('héllo wörld');
    const withBom = new Uint8Array([0xff, 0xfe, ...le]);
    expect((await convertToMarkdown({ bytes: withBom })).markdown).toBe('héllo wörld');
  });

  it('rejects binary garbage', async () => {
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const err = await convertToMarkdown({ bytes, filename: 'image.png' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as Error).message).toBe('unsupported binary content');
  });

  it('drops the NULs of text under the binary threshold', async () => {
    const doc = await convertToMarkdown({ bytes: utf8(`first line\u0000 of notes ${'padding '.repeat(20)}`), filename: 'notes.txt' });
    expect(doc.markdown).not.toContain('\u0000');
    expect(doc.markdown.startsWith('first line of notes')).toBe(true);
  });

  it('never returns NUL or lone surrogates that JSON escapes decode into', async () => {
    const json = utf8('{"note": "a\\u0000b", "odd": "c\\ud800d"}');
    const doc = await convertToMarkdown({ bytes: json, contentType: 'application/json' });
    expect(doc.markdown).toBe('- note: ab\n- odd: c\ufffdd');
    const conversation = utf8(JSON.stringify({ messages: [{ role: 'user', content: 'hi\u0000 there \ud800' }] }));
    const turns = await convertToMarkdown({ bytes: conversation, fileType: 'conversation' });
    expect(turns.markdown).toBe('**user**: hi there \ufffd');
    expect(turns.title).toBe('hi there \ufffd');
  });

  it('rejects documents with no text', async () => {
    await expect(convertToMarkdown({ bytes: utf8('  \n\n ') })).rejects.toThrow(/no text content/);
    await expect(convertToMarkdown({ bytes: utf8('{}') })).rejects.toBeInstanceOf(ConversionError);
  });
});

describe('convertToMarkdown binary formats', () => {
  it('knows a DOCX by its zip directory whatever the name and content type say', async () => {
    const doc = await convertToMarkdown({ bytes: await buildDocx(), contentType: 'text/plain', filename: 'notes.txt' });
    expect(doc).toMatchObject({ type: 'text', format: 'docx', mimeType: expect.stringContaining('wordprocessingml') });
  });

  it('keeps a declared media type when the bytes agree with it', async () => {
    const mimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const doc = await convertToMarkdown({ bytes: buildXlsx(), contentType: mimeType });
    expect(doc).toMatchObject({ format: 'xlsx', mimeType });
  });

  it('never takes a binary format from a name alone', async () => {
    const doc = await convertToMarkdown({ bytes: utf8('plain words'), filename: 'fake.docx', contentType: 'image/png' });
    expect(doc).toMatchObject({ type: 'text', format: 'text' });
  });

  it('refuses a zip that is no office, OpenDocument or EPUB file', async () => {
    const zip = rawZip([{ name: 'readme.txt', data: utf8('hi'), method: 0, declaredSize: 2 }]);
    await expect(convertToMarkdown({ bytes: zip, filename: 'archive.zip' })).rejects.toThrow(
      'unsupported zip archive: not an Office, OpenDocument or EPUB file',
    );
  });

  it('honours a forced office type and fails clearly when the bytes are not one', async () => {
    expect((await convertToMarkdown({ bytes: buildXlsx(), fileType: 'xlsx' })).format).toBe('xlsx');
    await expect(convertToMarkdown({ bytes: utf8('hello'), fileType: 'docx' })).rejects.toThrow(/^invalid or corrupt archive/);
  });

  it('names legacy binary Office files instead of calling them garbage', async () => {
    const cfb = new Uint8Array(1024);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(convertToMarkdown({ bytes: cfb, filename: 'old.doc' })).rejects.toThrow(/legacy Office files/);
  });

  it('drops attachments past the limit, without a dangling link, and says so', async () => {
    const doc = await convertToMarkdown({ bytes: await buildDocx(), limits: { maxAttachments: 0 } });
    expect(doc.attachments).toEqual([]);
    expect(doc.markdown).not.toContain('attachment:');
    expect(doc.markdown).toMatch(/_1 embedded file was not kept: attachment limit reached\._$/);
  });
});
