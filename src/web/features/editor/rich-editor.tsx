import { useRef, useState } from 'react';
import { showMessage } from '../../lib/screen-store.ts';
import { RICH } from '../board/rich-text.tsx';
import { errorProps, FieldShell, type FormState, fieldId } from './form-fields.tsx';

// A small rich-text editor: an editable area and a toolbar of the browser's own editing commands.
// It only has to produce simple HTML; the server sanitizes whatever arrives before storing it.

const TOOLS: readonly { label: string; run: () => void }[] = [
  { label: '굵게', run: () => document.execCommand('bold') },
  { label: '기울임', run: () => document.execCommand('italic') },
  {
    // A toggle: a heading goes back to a paragraph.
    label: '제목',
    run: () => document.execCommand('formatBlock', false, document.queryCommandValue('formatBlock') === 'h3' ? 'p' : 'h3'),
  },
  { label: '목록', run: () => document.execCommand('insertUnorderedList') },
  {
    label: '링크',
    run: () => {
      const href = window.prompt('링크 주소를 입력하세요 (https://...)', 'https://')?.trim();
      if (!href) return;
      // The sanitizer drops other schemes anyway; saying so beats a link that silently vanishes.
      if (/^https?:\/\/\S+$/i.test(href)) document.execCommand('createLink', false, href);
      else showMessage('http:// 또는 https://로 시작하는 주소를 입력하세요', 'error');
    },
  },
];

export function RichEditor({ form, name, label }: { form: FormState; name: string; label: string }) {
  const area = useRef<HTMLDivElement>(null);
  // The area keeps its own DOM after the first render: re-rendering its HTML would move the caret.
  const [initial] = useState(() => String(form.values[name] ?? ''));
  const changed = () => form.set(name, area.current?.innerHTML ?? '');
  return (
    <FieldShell form={form} name={name} label={label} wide>
      <div className="rounded-lg border border-slate-300 bg-white">
        <div role="toolbar" aria-label={`${label} 서식`} className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1.5">
          {TOOLS.map((tool) => (
            <button
              key={tool.label}
              type="button"
              // Keeps the selection in the area: a click would otherwise move focus to the button.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                if (!area.current) return;
                if (!area.current.contains(document.getSelection()?.anchorNode ?? null)) area.current.focus();
                tool.run();
                changed();
              }}
              className="min-h-10 rounded-md px-2 text-base font-semibold text-slate-700 hover:bg-slate-100"
            >
              {tool.label}
            </button>
          ))}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatted text */}
        <div
          ref={area}
          id={fieldId(name)}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={`${fieldId(name)}-label`}
          contentEditable
          // Enter starts a <p>: the sanitizer drops <div>, which would run the lines together.
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={changed}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: stored content, sanitized by the server on save
          dangerouslySetInnerHTML={{ __html: initial }}
          className={`${RICH} min-h-60 px-3 py-1`}
          {...errorProps(form, name)}
        />
      </div>
    </FieldShell>
  );
}
