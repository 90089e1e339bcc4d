import { createLifecycleRule } from '../src/rule-kit/lifecycle-rule.js';

export default createLifecycleRule({
  name: 'no-removed',
  lifecycle: 'removed',
  description: 'Disallow Glean API endpoints and fields whose removal date has passed',
  recommendedSeverity: 'error',
});
