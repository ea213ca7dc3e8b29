/**
 * An answer of the HTTP layer itself (a content type, a missing Host, the server closing): status,
 * message and headers as sent. The domain throws `DomainError`s, which `plugins/errors.ts` maps.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
