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

export const notFound = (what: string, details?: string) => new ApiError(404, `${what} not found`, details);
export const badRequest = (message: string, details?: string) => new ApiError(400, message, details);
export const forbidden = (message: string, details?: string) => new ApiError(403, message, details);
export const conflict = (message: string, details?: string) =>
  new ApiError(409, message, details, { 'x-should-retry': 'false' });
