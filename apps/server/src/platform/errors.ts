/**
 * Typed domain errors thrown by services, and the one place that turns any error into the API's
 * shape `{ message, errors? }` (DESIGN.md §3). 5xx replies never carry internals.
 */
import type { FieldError, RowError } from '@spotzcity/shared/validation';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldError[], message = errors[0]?.message ?? 'Invalid request') {
    super(400, message, errors);
  }
  static field(field: string, message: string) {
    return new ValidationError([{ field, message }]);
  }
}

/**
 * An uploaded file refused as a whole (400, or 413 when it is too large to read): nothing of it
 * was saved. `errors` lists problems by sheet row and column (the first 100).
 */
export class FileRejected extends AppError {
  constructor(
    message: string,
    readonly rowErrors: RowError[] = [],
    statusCode: 400 | 413 = 400,
  ) {
    super(statusCode, message);
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not Found') {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = 'The file is too large.') {
    super(413, message);
  }
}

export class PayloadMismatch extends AppError {
  constructor() {
    super(422, 'Payload Mismatch');
  }
}

export class TooManyRequests extends AppError {
  constructor(message = 'Too many attempts. Please try again later.') {
    super(429, message);
  }
}
