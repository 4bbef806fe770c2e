import { ErrorCode, type ApiError } from '@ekran/contracts';

/** A typed failure a service throws; the error handler turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Fields of the error shape beyond status, code and message (e.g. device_limit). */
    readonly extra: Omit<Partial<ApiError>, 'status' | 'code' | 'message'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, ErrorCode.NotFound, `${what} not found`);
export const unauthorized = (message = 'Authentication required') => new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message: string, code: string = ErrorCode.Forbidden) => new AppError(403, code, message);
