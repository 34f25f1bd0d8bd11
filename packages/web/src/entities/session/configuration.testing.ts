/** Test builder of session configuration items (not product code). */
import type { ConfigurationItem, ConfigurationValue } from '@larmor/contracts/sessions';

/** A configuration item `name` = `selectedValue`, locked by the module when `locked`. */
export const configurationItemOf = (
  name: string,
  selectedValue: ConfigurationValue,
  locked = false,
): ConfigurationItem => ({ id: 1, name, selectedValue, inBeta: false, locked });
