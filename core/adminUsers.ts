// Administration users (spec 3): the person's e-mail, name and role, validated with these schemas by
// the browser's form and by the server (server/domains/people/adminUsers).
import { z } from 'zod';
import { boundedText } from './input.js';

export const ROLE_REQUIRED = 'El rol es requerido';

export const adminEmail = boundedText(254, 'El correo electrónico').pipe(z.string().toLowerCase().pipe(z.email('El correo electrónico no es válido')));

/** roleId is the role's database id (the GraphQL layer decodes its global ID). */
export const AdminUserSchema = z.object({
  email: adminEmail,
  firstName: boundedText(80, 'El nombre', { required: true }),
  lastName: boundedText(80, 'Los apellidos')
    .nullish()
    .transform((v) => v || null),
  roleId: z.number().int().positive(ROLE_REQUIRED),
});

/** While the person has not accepted the invitation, only the role changes. */
export const AdminUserRoleSchema = AdminUserSchema.pick({ roleId: true });

export const EmailSchema = z.object({ email: adminEmail });
