import { createLifecycleRule } from '../src/rule-kit/lifecycle-rule.js';

export default createLifecycleRule({
  name: 'no-deprecated',
  lifecycle: 'deprecated',
  description: 'Disallow Glean API endpoints and fields that are deprecated and scheduled for removal',
  recommendedSeverity: 'warn',
});
