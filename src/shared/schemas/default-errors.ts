import { z } from 'zod';

// The Korean reason of a refused input whose schema names none of its own (a length on a list's
// filter, a wrong type, a value no branch of a union takes). Without it zod answers in English,
// and a person sees only the catch-all 처리중 오류가 발생했습니다. A schema's own message wins.

type Issue = z.core.$ZodRawIssue;

function defaultMessage(issue: Issue): string {
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `최대 ${issue.maximum}자까지 입력할 수 있습니다`;
      if (issue.origin === 'array') return `최대 ${issue.maximum}개까지 보낼 수 있습니다`;
      return `${issue.maximum} 이하여야 합니다`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '값을 입력하세요' : `${issue.minimum}자 이상 입력하세요`;
      if (issue.origin === 'array') return `${issue.minimum}개 이상 보내야 합니다`;
      return `${issue.minimum} 이상이어야 합니다`;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? '숫자를 입력하세요' : '형식이 올바르지 않습니다';
    case 'invalid_value':
      return `${issue.values.map(String).join(', ')} 중 하나여야 합니다`;
    default:
      return '올바르지 않은 값입니다';
  }
}

z.config({ customError: defaultMessage });
