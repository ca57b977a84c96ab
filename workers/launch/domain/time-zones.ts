import { isTimeZone } from './zoned-time';

/**
 * Names the runtime's ICU still gives for zones IANA has renamed (CLDR keeps the old ones as its
 * ids), mapped to IANA's canonical name, which is what people expect to find in a list.
 */
const renamed: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  GMT: 'UTC',
};

/** The IANA canonical name of a zone the runtime knows by an older one; other names unchanged. */
export function canonicalZone(zone: string): string {
  const renamedTo = renamed[zone];
  return renamedTo && isTimeZone(renamedTo) ? renamedTo : zone;
}

/**
 * The zones a person picks from: UTC first, then every zone the runtime knows by its canonical
 * name, once each, alphabetically; the person's own zone is in it even if the runtime lists it
 * under another name.
 */
export function zoneChoices(known: readonly string[], current: string): string[] {
  const names = new Set([...known, current].map(canonicalZone).filter((zone) => zone !== 'UTC' && isTimeZone(zone)));
  return ['UTC', ...[...names].sort()];
}
