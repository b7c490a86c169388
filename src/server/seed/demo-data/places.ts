// Where the demo content happens: Southern California's Korean neighbourhoods, with their area codes.

export const LOCATIONS = ['LA', '토런스', '어바인', '풀러턴', '가든그로브', '부에나파크', '글렌데일'] as const;
export type Location = (typeof LOCATIONS)[number];
export const AREA_CODE: Record<Location, string> = {
  LA: '213',
  토런스: '310',
  어바인: '949',
  풀러턴: '714',
  가든그로브: '714',
  부에나파크: '714',
  글렌데일: '818',
};
