// Where a Mexican postal code is, roughly: its first two digits name the state (SEPOMEX ranges), and
// the map centres on that state's capital. Good enough to show a community's surroundings offline.
const STATE_RANGES: [from: number, to: number, state: string, lat: number, lng: number][] = [
  [1, 16, 'Ciudad de México', 19.4326, -99.1332],
  [20, 20, 'Aguascalientes', 21.8853, -102.2916],
  [21, 22, 'Baja California', 32.6245, -115.4523],
  [23, 23, 'Baja California Sur', 24.1426, -110.3128],
  [24, 24, 'Campeche', 19.8301, -90.5349],
  [25, 27, 'Coahuila', 25.4232, -101.0053],
  [28, 28, 'Colima', 19.2452, -103.7241],
  [29, 30, 'Chiapas', 16.7516, -93.1161],
  [31, 33, 'Chihuahua', 28.6329, -106.0691],
  [34, 35, 'Durango', 24.0277, -104.6532],
  [36, 38, 'Guanajuato', 21.019, -101.2574],
  [39, 41, 'Guerrero', 17.5515, -99.5006],
  [42, 43, 'Hidalgo', 20.1011, -98.7591],
  [44, 49, 'Jalisco', 20.6597, -103.3496],
  [50, 57, 'Estado de México', 19.2826, -99.6557],
  [58, 61, 'Michoacán', 19.706, -101.195],
  [62, 62, 'Morelos', 18.9242, -99.2216],
  [63, 63, 'Nayarit', 21.5042, -104.8946],
  [64, 67, 'Nuevo León', 25.6866, -100.3161],
  [68, 71, 'Oaxaca', 17.0732, -96.7266],
  [72, 75, 'Puebla', 19.0414, -98.2063],
  [76, 76, 'Querétaro', 20.5888, -100.3899],
  [77, 77, 'Quintana Roo', 18.5001, -88.2961],
  [78, 79, 'San Luis Potosí', 22.1565, -100.9855],
  [80, 82, 'Sinaloa', 24.8091, -107.394],
  [83, 85, 'Sonora', 29.0729, -110.9559],
  [86, 86, 'Tabasco', 17.9895, -92.9475],
  [87, 89, 'Tamaulipas', 23.7369, -99.1411],
  [90, 90, 'Tlaxcala', 19.3182, -98.2375],
  [91, 96, 'Veracruz', 19.5438, -96.9102],
  [97, 97, 'Yucatán', 20.9674, -89.5926],
  [98, 99, 'Zacatecas', 22.7709, -102.5832],
];

export interface MapCentre {
  state: string;
  lat: number;
  lng: number;
}

/** The state of a five-digit postal code and its capital's coordinates, or null when it is not one. */
export function postalCodeCentre(postalCode: string | null | undefined): MapCentre | null {
  const code = postalCode?.trim() ?? '';
  if (!/^\d{5}$/.test(code)) return null;
  const prefix = Number(code.slice(0, 2));
  const range = STATE_RANGES.find(([from, to]) => prefix >= from && prefix <= to);
  return range ? { state: range[2], lat: range[3], lng: range[4] } : null;
}
