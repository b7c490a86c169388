import { Form } from 'react-router';

// The site's search box: a GET form to /search with a labelled field `q` and a visible 검색
// button, so it works without JavaScript. The header, the index's hero and the search page each
// style it their way.

interface SearchFormProps {
  /** The field's id (the header's is the shortcut mode's target, PRODUCT.md). */
  inputId: string;
  placeholder: string;
  defaultValue?: string;
  /** Keep searching within one section (the search page's tabs). */
  section?: string | null;
  className: string;
  inputClassName: string;
  buttonClassName: string;
}

export function SearchForm({ inputId, placeholder, defaultValue, section, className, inputClassName, buttonClassName }: SearchFormProps) {
  return (
    <Form method="get" action="/search" role="search" className={className}>
      <label htmlFor={inputId} className="sr-only">
        검색어
      </label>
      <input id={inputId} name="q" type="search" defaultValue={defaultValue} placeholder={placeholder} className={inputClassName} />
      {section ? <input type="hidden" name="section" value={section} /> : null}
      <button type="submit" className={buttonClassName}>
        검색
      </button>
    </Form>
  );
}
