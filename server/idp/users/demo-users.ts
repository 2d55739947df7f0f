import type { Database } from '../../db/index.ts';
import { verifyPassword } from './passwords.ts';
import { createUser, findUserByUsername } from './user-repository.ts';

/** The two accounts of the embedded default (the start-up banner prints them). */
export const DEMO_USERS = [
  {
    username: 'redaktor',
    password: 'redaktor',
    firstName: 'Rut',
    lastName: 'Redaktör',
    email: 'redaktor@example.se',
    editor: true,
  },
  {
    username: 'besokare',
    password: 'besokare',
    firstName: 'Bo',
    lastName: 'Besökare',
    email: 'besokare@example.se',
    editor: false,
  },
] as const;

/** Creates the demo users that are missing; an existing user (maybe with a changed password) is left alone. Returns the usernames created. */
export async function ensureDemoUsers(db: Database): Promise<string[]> {
  const created: string[] = [];
  for (const demo of DEMO_USERS) {
    if (await findUserByUsername(db, demo.username)) continue;
    await createUser(db, { ...demo, isEditor: demo.editor, emailVerified: true });
    created.push(demo.username);
  }
  return created;
}

/** Demo users that still have their published password (the banner warns about them outside a laptop). */
export async function demoUsersWithPublishedPasswords(db: Database): Promise<string[]> {
  const found: string[] = [];
  for (const demo of DEMO_USERS) {
    const user = await findUserByUsername(db, demo.username);
    if (user && (await verifyPassword(demo.password, user.passwordHash))) found.push(demo.username);
  }
  return found;
}
