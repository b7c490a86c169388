import type { ServerBuild } from 'react-router';

/** The build with `hook` run before each page it draws (the entry's default export draws a
 * page): tests count renders with it, or hold one. With `data`, a client navigation's `.data`
 * answer counts too: its loader data is drawn without the page's entry. */
export function onEachRender(real: ServerBuild, hook: () => void | Promise<void>, options: { data?: boolean } = {}): ServerBuild {
  const handleRequest = real.entry.module.default;
  return {
    ...real,
    entry: {
      module: {
        ...real.entry.module,
        default: async (...args: Parameters<typeof handleRequest>) => {
          await hook();
          return handleRequest(...args);
        },
        ...(options.data && {
          handleDataRequest: (response: Response) => {
            void hook();
            return response;
          },
        }),
      },
    },
  };
}
