export * from './types.js';
export type { ConnectorContext, ConnectorDescriptor, ConnectorOptions, ConvertFile } from './descriptor.js';
export {
  CONNECTORS,
  CONNECTOR_KINDS,
  PROVIDER_ALIASES,
  connectorFor,
  connectorSetup,
  credentialFieldsOf,
  descriptorOf,
  isScheduled,
  resolveKind,
  settingsKeyOf,
  type ConnectorSetup,
  type OAuthApp,
} from './registry.js';
