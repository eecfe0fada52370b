import path from 'node:path';

/** Where the demo admin's password is kept, readable by the forum's owner only. */
export const demoPasswordFile = (dataDir: string) => path.join(dataDir, 'demo-admin-password');
