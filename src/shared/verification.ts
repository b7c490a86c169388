// PRODUCT.md, Accounts: the e-mailed codes of sign-up and password reset. The server enforces
// these; the forms say them (the wait before 재발송).

/** A code is good for this long after it was sent. */
export const CODE_TTL_MINUTES = 10;
/** Wrong tries a code survives; the next try of any code finds it dead. */
export const CODE_MAX_ATTEMPTS = 5;
/** A new code for the same address at most this often. */
export const CODE_RESEND_SECONDS = 60;
