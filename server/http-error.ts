/** An error answered to the client with this status, optional business code and Chinese message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly businessCode?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with a Chinese message for the user. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}
