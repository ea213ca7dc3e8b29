import { useState, type FormEvent } from 'react';
import { call, del, enc, get, patch, post } from '../api/client';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { formatDate, splitList } from '../format';
import { useAction, useLoad } from '../hooks';

/**
 * Every type an endpoint may ask for (the API refuses any other). The console cannot read the
 * server's list at run time, so the compiler checks this one against the API's own types below.
 */
const EVENT_TYPES = [
  'document.queued',
  'document.done',
  'document.failed',
  'document.deleted',
  'memory.created',
  'memory.updated',
  'memory.superseded',
  'memory.forgotten',
  'memory.deleted',
  'profile.changed',
  'connection.created',
  'connection.synced',
  'connection.failed',
  'connection.deleted',
  'container_tag.merged',
  'container_tag.imported',
  'container_tag.deleted',
  'organization.reset',
] as const satisfies readonly WebhookEventType[];
/** Fails to compile when the API gains an event type this list lacks. */
const EVERY_TYPE_LISTED: Exclude<WebhookEventType, (typeof EVENT_TYPES)[number]> extends never ? true : never = true;
void EVERY_TYPE_LISTED;

/** The organization's webhook endpoints: register one (its secret shown once), enable or disable, rotate the secret, delete, and each one's deliveries with re-send. */
export function WebhooksPage() {
  const endpoints = useLoad((signal) => get<{ webhooks: WebhookEndpoint[] }>('/v3/webhooks', { signal }), []);
  const [secret, setSecret] = useState<{ title: string; secret: string }>();
  const act = useAction(async (what: () => Promise<unknown>, said: string) => {
    await what();
    announce(said);
    endpoints.reload();
  });
  const rotate = useAction(async (endpoint: WebhookEndpoint) => {
    const answer = await post<NewWebhookEndpoint>(`/v3/webhooks/${enc(endpoint.id)}/rotate-secret`, {});
    setSecret({ title: 'The new signing secret', secret: answer.secret });
    endpoints.reload();
  });
  return (
    <>
      <h1>Webhooks</h1>
      <p className="muted">
        engram sends each event to these endpoints as it happens, signed in the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature).
      </p>
      <CreateEndpoint
        onCreated={(created) => {
          setSecret({ title: 'Your endpoint’s signing secret', secret: created.secret });
          endpoints.reload();
        }}
      />
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Endpoints</h2>
        <ErrorMessage error={endpoints.error} />
        <ErrorMessage error={act.error} />
        <ErrorMessage error={rotate.error} />
        {!endpoints.data && endpoints.loading ? <Loading what="webhook endpoints" /> : null}
        {endpoints.data && !endpoints.data.webhooks.length ? <p className="muted">No endpoint yet.</p> : null}
        <ul className="cards">
          {endpoints.data?.webhooks.map((w) => (
            <li key={w.id} className={`card${w.enabled ? '' : ' disabled'}`}>
              <h3>
                <span className="mono">{w.url}</span>
                {w.enabled ? null : <span className="badge badge-bad">disabled</span>}
              </h3>
              {w.description ? <p>{w.description}</p> : null}
              <p className="meta">
                <span>{w.eventTypes.join(', ')}</span> <span>{w.containerTags ? `tags: ${w.containerTags.join(', ')}` : 'all tags'}</span>{' '}
                <span>created {formatDate(w.createdAt)}</span>
                {w.previousSecretExpiresAt ? <span>previous secret signs until {formatDate(w.previousSecretExpiresAt)}</span> : null}
              </p>
              {w.disabledReason ? <p className="muted">Disabled: {w.disabledReason}</p> : null}
              <div className="actions">
                <button
                  type="button"
                  className="secondary"
                  disabled={act.pending}
                  aria-label={`${w.enabled ? 'Disable' : 'Enable'} webhook ${w.url}`}
                  onClick={() =>
                    void act.run(() => patch(`/v3/webhooks/${enc(w.id)}`, { enabled: !w.enabled }), `Webhook ${w.enabled ? 'disabled' : 'enabled'}`)
                  }
                >
                  {w.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={rotate.pending}
                  aria-label={`Rotate the secret of ${w.url}`}
                  onClick={() => void rotate.run(w)}
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  className="danger"
                  disabled={act.pending}
                  aria-label={`Delete webhook ${w.url}`}
                  onClick={() => void act.run(() => del(`/v3/webhooks/${enc(w.id)}`), 'Webhook deleted')}
                >
                  Delete
                </button>
              </div>
              <Deliveries endpoint={w} />
            </li>
          ))}
        </ul>
      </section>
      {secret ? <SecretDialog title={secret.title} secret={secret.secret} onClose={() => setSecret(undefined)} /> : null}
    </>
  );
}

function CreateEndpoint({ onCreated }: { onCreated: (created: NewWebhookEndpoint) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set(['document.done', 'document.failed']));
  const create = useAction(async () => {
    const created = await post<NewWebhookEndpoint>('/v3/webhooks', {
      url: url.trim(),
      eventTypes: EVENT_TYPES.filter((t) => types.has(t)),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(splitList(tags).length ? { containerTags: splitList(tags) } : {}),
    });
    setUrl('');
    setDescription('');
    onCreated(created);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run();
  };
  const toggle = (type: WebhookEventType) =>
    setTypes((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  return (
    <form className="card stack narrow" onSubmit={submit} aria-labelledby="create-webhook-title">
      <h2 id="create-webhook-title">Add an endpoint</h2>
      <label htmlFor="webhook-url">URL</label>
      <input id="webhook-url" type="url" value={url} required onChange={(e) => setUrl(e.target.value)} />
      <label htmlFor="webhook-description">Description</label>
      <input id="webhook-description" value={description} onChange={(e) => setDescription(e.target.value)} />
      <label htmlFor="webhook-tags">Container tags (comma-separated, empty for every tag)</label>
      <input id="webhook-tags" value={tags} onChange={(e) => setTags(e.target.value)} />
      <fieldset>
        <legend>Events</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type} className="check">
            <input type="checkbox" checked={types.has(type)} onChange={() => toggle(type)} /> <span className="mono">{type}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={create.pending || types.size === 0}>
        Add endpoint
      </button>
      <ErrorMessage error={create.error} />
    </form>
  );
}

/** An endpoint's deliveries, newest first, loaded when opened; a delivery can be sent again. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Deliveries</summary>
      {open ? <DeliveryList endpoint={endpoint} /> : null}
    </details>
  );
}

function DeliveryList({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useLoad(
    (signal) => get<{ deliveries: WebhookDelivery[] }>(`/v3/webhooks/${enc(endpoint.id)}/deliveries?limit=50`, { signal }),
    [endpoint.id],
  );
  const resend = useAction(async (delivery: WebhookDelivery) => {
    await call('POST', `/v3/webhooks/${enc(endpoint.id)}/deliveries/${enc(delivery.id)}/resend`);
    announce(`${delivery.eventType} queued to be sent again`);
    deliveries.reload();
  });
  return (
    <div className="stack">
      <ErrorMessage error={deliveries.error} />
      <ErrorMessage error={resend.error} />
      {!deliveries.data && deliveries.loading ? <Loading what="deliveries" /> : null}
      {deliveries.data && !deliveries.data.deliveries.length ? <p className="muted">No delivery yet.</p> : null}
      {deliveries.data?.deliveries.length ? (
        <table aria-label={`Deliveries to ${endpoint.url}`}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.deliveries.map((d) => (
              <tr key={d.id}>
                <td className="mono">{d.eventType}</td>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{d.lastStatus ?? d.lastResponse ?? '—'}</td>
                <td>{formatDate(d.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    disabled={resend.pending}
                    aria-label={`Send ${d.eventType} again`}
                    onClick={() => void resend.run(d)}
                  >
                    Re-send
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The secret is in this dialog only: the console does not keep it and the API never shows it again. */
function SecretDialog({ title, secret, onClose }: { title: string; secret: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="stack">
        <p>Copy it now: it is shown only this once. Your receiver verifies each request’s signature with it.</p>
        <label htmlFor="webhook-secret">Signing secret</label>
        <input id="webhook-secret" className="mono" readOnly value={secret} onFocus={(e) => e.target.select()} />
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            I have saved it
          </button>
        </div>
      </div>
    </Dialog>
  );
}
