// Residents of a house (spec 1 section 5): the resident form and the server validate with these schemas.
import { z } from 'zod';
import { boundedText, phoneInput } from './input.js';

const optionalName = boundedText(80, 'El apellido')
  .nullish()
  .transform((v) => (v ? v : null));
const roleId = z.number({ error: 'El rol es requerido' }).int().positive('El rol es requerido');
const fileId = boundedText(64, 'El archivo').nullish();
const phone = phoneInput();

/** «Registrar habitante»: the person by e-mail, their name and mobile, the house role and an accreditation file. */
export const CreateResidentSchema = z.object({
  email: boundedText(254, 'El correo electrónico').pipe(z.string().toLowerCase().pipe(z.email('El correo electrónico no es válido'))),
  firstName: boundedText(80, 'El nombre', { required: true }),
  lastName: optionalName,
  mobile: phone,
  roleId,
  accreditationFileId: fileId,
});

/** Name and mobile are optional on update (undefined keeps them); they change only where the person's data may be edited. */
export const UpdateResidentSchema = z.object({
  firstName: boundedText(80, 'El nombre', { required: true }).optional(),
  lastName: optionalName.optional(),
  mobile: phone.optional(),
  roleId,
  accreditationFileId: fileId,
});

/** The form's fields: a new resident, an editable one (name and mobile may be corrected) or one whose data are their own (role only). */
export const NewResidentForm = CreateResidentSchema.omit({ accreditationFileId: true });
export const EditResidentForm = UpdateResidentSchema.omit({ accreditationFileId: true }).required({ firstName: true });
export const RoleOnlyResidentForm = UpdateResidentSchema.pick({ roleId: true });
