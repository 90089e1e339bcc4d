import type { SdkTables } from './types.js';
import { SDK_PACKAGE, SDK_VERSION, sdkClientClasses, sdkOperations } from './generated/operations.js';

/** The SDK surface the plugin knows, generated from `@gleanwork/api-client` at the pinned version. */
export const sdkTables: SdkTables = { packageName: SDK_PACKAGE, operations: sdkOperations, clientClasses: sdkClientClasses };
export { SDK_PACKAGE, SDK_VERSION };
