/** `npm run schema:managed`: writes public/managed_schema.json from the zod settings schema. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { managedSchemaText } from '../src/background/managed-schema.ts';

writeFileSync(resolve(import.meta.dirname, '../public/managed_schema.json'), managedSchemaText());
console.log('public/managed_schema.json written');
