import { describe, it, expect } from 'vitest';
import { MSG } from './messages.js';
import { safeFileName, text } from './text.js';
import { isReservedUsername, usernameSchema } from './index.js';

describe('text fields', () => {
  it('refuse a NUL character before their own rules', () => {
    const title = text().trim().min(10, 'too short');
    expect(title.safeParse('ok\u0000').error?.issues.map((i) => i.message)).toEqual([MSG.nulCharacter]);
    expect(title.safeParse('A perfectly fine title').success).toBe(true);
    expect(usernameSchema.safeParse('name\u0000').error?.issues[0]?.message).toBe(MSG.nulCharacter);
  });

  it('make file names fit to store and log', () => {
    expect(safeFileName('crank\u0000\u0007handle.png')).toBe('crankhandle.png');
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('x'.repeat(400))).toHaveLength(255);
    expect(safeFileName(undefined)).toBe('');
  });

  it('know the reserved usernames, case ignored', () => {
    expect(['unknown', 'ADMIN', 'Moderator', 'system', 'fenestra', 'Support'].every(isReservedUsername)).toBe(true);
  });

  it('know the whole reserved family: plurals, longer forms, separators, digits and lookalikes', () => {
    const family = [
      'administrator',
      'Administrators',
      'admins',
      'admin1',
      'admin_2',
      'sys-admin',
      'SiteAdmin',
      'adm1n',
    ];
    family.push(
      'the_admin',
      'moderators',
      'Mod',
      'mods',
      'head-moderator',
      'r00t',
      'fenestra-team',
      'Fenestra_Support',
    );
    family.push('support-', 'staff', '5taff', 'official', 'sysop');
    expect(family.filter((name) => !isReservedUsername(name))).toEqual([]);
    // Names that only hold one of the words inside are members' own.
    const members = ['badminton', 'modern_mike', 'rooted', 'supportive_sam', 'glazier_gwen', 'marta_k', 'member1'];
    expect(members.filter(isReservedUsername)).toEqual([]);
  });
});
