import { ErrorCode } from '@ekran/contracts';

/** A typed failure a service throws; the error handler turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra fields of the error shape (profiles: tries_left, locked_until of a parental PIN). */
    readonly extra: { tries_left?: number; locked_until?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, ErrorCode.NotFound, `${what} not found`);
export const unauthorized = (message = 'Authentication required') => new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message: string, code: string = ErrorCode.Forbidden) => new AppError(403, code, message);
