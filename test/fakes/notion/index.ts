export { FakeNotion, LEGACY_NOTION_VERSION, NOTION_VERSION, notionError, type SignatureMode } from './server.js';
export { rich, type BlockInput, type RichText } from './blocks.js';
export { OWNER, WORKSPACE, type NotionIntegration } from './oauth.js';
export type { FakeDatabase, FakeDataSource, FakePage, PropertyType, PropertyValue } from './state.js';
