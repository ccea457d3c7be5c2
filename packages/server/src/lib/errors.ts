import { ERROR_CODES, type ErrorCode, type FieldError } from '@land/shared/api';

/** An error whose code and Chinese message may be shown to the client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, httpStatus = 400, data: unknown = null) {
    super(message);
    this.code = code;
    this.httpStatus = httpStatus;
    this.data = data;
  }
}

export function validationError(field: string, msg: string, errors: FieldError[] = [{ field, msg }]): AppError {
  return new AppError(ERROR_CODES.VALIDATION, msg, 400, { field, errors });
}

export function notFound(msg = '记录不存在或已删除'): AppError {
  return new AppError(ERROR_CODES.NOT_FOUND, msg, 404);
}

export function conflict(msg: string, data: unknown = null): AppError {
  return new AppError(ERROR_CODES.CONFLICT, msg, 409, data);
}

/** `data` of a save refused because the record was saved by someone else since it was read. */
export const STALE_VERSION = { reason: 'version' } as const;

export function forbidden(msg = '没有权限执行此操作'): AppError {
  return new AppError(ERROR_CODES.FORBIDDEN, msg, 403);
}
