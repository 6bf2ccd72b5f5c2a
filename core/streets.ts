import { z } from 'zod';
import { boundedText } from './input.js';

/** A street of the community (spec 3, configuration); the name is unique per community. */
export const StreetSchema = z.object({
  name: boundedText(120, 'El nombre de la calle', { required: true }),
});
