/** ElectroDB's service name: the prefix of every key in the table. */
export const service = 'sitewalk';
