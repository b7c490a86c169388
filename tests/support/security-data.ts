import path from 'node:path';

/** The attack-payload lists the security tests read (tests/fixtures/security-data/README.md). */
export const SECURITY_DATA = path.resolve(import.meta.dirname, '../fixtures/security-data');
