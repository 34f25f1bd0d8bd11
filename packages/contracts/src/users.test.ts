import { describe, expect, it } from 'vitest';
import { userBulkUpdateSchema, userCreateSchema, userListQuerySchema } from './users.ts';

describe('user administration schemas', () => {
  it('the list query defaults to page 1, 50 per page, created_at ascending (platform-shell.md §9)', () => {
    expect(userListQuerySchema.parse({})).toEqual({
      page: 1,
      per_page: 50,
      order_by: 'created_at',
      order_dir: 'asc',
    });
    expect(userListQuerySchema.parse({ page: '3', per_page: '10' })).toMatchObject({ page: 3, per_page: 10 });
  });

  it('the list query refuses nonsense paging and columns outside the whitelist', () => {
    for (const query of [{ page: '0' }, { page: 'x' }, { per_page: '501' }, { order_by: 'password_hash' }]) {
      expect(userListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('a user body needs username, email, names and role; the password is optional', () => {
    const body = {
      username: 'ada',
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'L',
      role: 'Teacher',
    };
    expect(userCreateSchema.parse(body)).toEqual(body);
    expect(userCreateSchema.safeParse({ ...body, role: 'Owner' }).success).toBe(false);
    expect(userCreateSchema.safeParse({ ...body, password: 'short' }).success).toBe(false);
  });

  it('a bulk update must change something and name each id once', () => {
    const id = '0b9c1f4e-8a1d-4a39-9a53-6f8f1c2d3e4f';
    expect(userBulkUpdateSchema.safeParse({ ids: [id], changes: { active: false } }).success).toBe(true);
    expect(userBulkUpdateSchema.safeParse({ ids: [id], changes: {} }).success).toBe(false);
    expect(userBulkUpdateSchema.safeParse({ ids: [id, id], changes: { active: true } }).success).toBe(false);
  });
});
