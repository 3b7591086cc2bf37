/**
 * Every error code of the product and of the platform, with its HTTP status and its message in
 * Vietnamese and English. The API answers `{ code, message, details? }`; the browser shows the
 * message for `code` in the user's language.
 */
import { CATALOGUE_NAMES, catalogueNoun } from './catalogue-names.js';
import type { MasterDataKey } from './catalogue-names.js';

interface ErrorDef {
  status: number;
  vi: string;
  en: string;
  /** A duplicate's code: the request field that holds the value taken already (a form shows the error there). */
  field?: string;
}

const notBlank = (vi: string, en: string): ErrorDef => ({
  status: 400,
  vi: `${vi} không được để trống`,
  en: `${en} must not be blank`,
});
const notFound = (vi: string, en: string): ErrorDef => ({
  status: 404,
  vi: `Không tìm thấy ${vi}`,
  en: `${en} not found`,
});
/** A master-data reference in a request body (a sample's season) that names nothing: the request is wrong, 400. */
const referenceNotFound = (vi: string, en: string): ErrorDef => ({ ...notFound(vi, en), status: 400 });
const notFoundOrInactive = (vi: string, en: string): ErrorDef => ({
  status: 400,
  vi: `${vi} không tồn tại hoặc đã ngừng hoạt động`,
  en: `${en} does not exist or is inactive`,
});
const exists = (vi: string, en: string, field?: string): ErrorDef => ({ status: 409, vi, en, ...(field ? { field } : {}) });

// The messages of a catalogue reference name the catalogue as everywhere else (CATALOGUE_NAMES).
const catalogueBlank = (key: MasterDataKey) => notBlank(CATALOGUE_NAMES[key].vi.one, CATALOGUE_NAMES[key].en.one);
const catalogueNotFound = (key: MasterDataKey) => referenceNotFound(catalogueNoun(key, 'vi'), CATALOGUE_NAMES[key].en.one);
const catalogueNotFoundOrInactive = (key: MasterDataKey) => notFoundOrInactive(CATALOGUE_NAMES[key].vi.one, CATALOGUE_NAMES[key].en.one);

export const ERRORS = {
  // Auth
  ACCOUNT_NOT_FOUND: { status: 404, vi: 'Không tìm thấy tài khoản', en: 'Account not found' },
  USERNAME_OR_PASSWORD_WRONG: { status: 401, vi: 'Kiểm tra lại thông tin tài khoản', en: 'Check account information' },
  UNAUTHORIZED: { status: 401, vi: 'Lỗi xác thực', en: 'Authentication error' },
  UNAUTHORIZED_CAMERA: { status: 401, vi: 'Camera chưa được xác thực', en: 'The camera is not authorized' },
  FORBIDDEN: {
    status: 403,
    vi: 'Bạn không có quyền sử dụng hệ thống. Vui lòng liên hệ quản trị viên.',
    en: 'You are not authorized to use the system. Please contact the administrator.',
  },
  ACCOUNT_LOCKED: { status: 403, vi: 'Tài khoản đã bị khóa', en: 'This account is locked' },
  GROUP_LOCKED: { status: 403, vi: 'Nhóm người dùng của tài khoản này đã bị khóa', en: "This account's user group is locked" },
  CURRENT_PASSWORD_WRONG: { status: 400, vi: 'Mật khẩu hiện tại không đúng', en: 'The current password is wrong' },
  // Who may change whom: nobody gives or uses more power than they hold
  PERMISSION_NOT_HELD: {
    status: 403,
    vi: 'Bạn không thể cấp quyền mà chính bạn không có',
    en: 'You cannot grant permissions you do not hold',
  },
  GROUP_HAS_PERMISSIONS_NOT_HELD: {
    status: 403,
    vi: 'Nhóm này có quyền mà bạn không có: bạn không thể gán người dùng vào nhóm, sửa hay khóa nhóm này',
    en: 'This group holds permissions you do not hold: you cannot assign users to it, change it or lock it',
  },
  USER_HAS_PERMISSIONS_NOT_HELD: {
    status: 403,
    vi: 'Người dùng này có quyền mà bạn không có: bạn không thể sửa, khóa hay đổi mật khẩu của họ',
    en: 'This user holds permissions you do not hold: you cannot edit, lock or change the password of them',
  },
  CANNOT_LOCK_SELF: { status: 409, vi: 'Bạn không thể tự khóa chính mình', en: 'You cannot lock yourself' },
  LAST_ADMINISTRATOR: {
    status: 409,
    vi: 'Đây là quản trị viên đang hoạt động cuối cùng: không thể khóa hay chuyển ra khỏi nhóm Administrators',
    en: 'This is the last active administrator: they cannot be locked or moved out of Administrators',
  },
  ADMIN_GROUP_PROTECTED: {
    status: 409,
    vi: 'Nhóm Administrators luôn có mọi quyền và không thể bị khóa',
    en: 'The Administrators group always holds every permission and cannot be locked',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    vi: 'Đăng nhập sai quá nhiều lần, vui lòng thử lại sau',
    en: 'Too many failed sign-in attempts, please try again later',
  },
  // Links
  SAMPLE_LINKED: {
    status: 409,
    vi: 'Mẫu đang được liên kết với thẻ RFID, vui lòng hủy liên kết trước khi xóa',
    en: 'The sample is currently linked to the RFID tag, please unlink it before deleting',
  },
  TAG_LINKED: { status: 409, vi: 'Thẻ đã được liên kết', en: 'Tag linked already exists' },
  TAG_NOT_LINKED: { status: 409, vi: 'Thẻ chưa được liên kết với mẫu nào', en: 'The tag is not linked to a sample' },
  TAG_LOCKED: { status: 409, vi: 'Thẻ RFID đang bị khóa', en: 'The RFID tag is locked' },
  TAG_CANCELLED: { status: 409, vi: 'Thẻ RFID đã bị hủy', en: 'The RFID tag is cancelled' },
  // Duplicates
  NAME_EXISTS: exists('Tên đã tồn tại', 'Name already exists', 'name'),
  ZONE_ID_EXISTS: exists('Mã khu vực đã tồn tại', 'Zone ID already exists', 'code'),
  READER_EXISTS: exists('Đầu đọc đã tồn tại', 'Reader already exists', 'code'),
  READER_TOPIC_EXISTS: exists(
    'Chủ đề MQTT đã được dùng (bởi đầu đọc này hoặc đầu đọc khác), hoặc nằm trên hay dưới một chủ đề đang dùng',
    'The MQTT topic is in use (by this reader or another), or lies above or below one in use',
    'topics',
  ),
  READER_NOT_FOUND: { status: 404, vi: 'Không tìm thấy đầu đọc', en: 'Reader not found' },
  READER_NOT_CONNECTED: { status: 409, vi: 'Đầu đọc chưa kết nối', en: 'The reader is not connected' },
  SCANNING_START_FAILED: { status: 502, vi: 'Bắt đầu quét thất bại', en: 'Start scanning failed' },
  SCANNING_STOP_FAILED: { status: 502, vi: 'Dừng quét thất bại', en: 'Stop scanning failed' },
  READER_COMMAND_FAILED: { status: 502, vi: 'Đầu đọc không thực hiện được lệnh', en: 'The reader did not carry out the command' },
  ANTENNA_POWER_OUT_OF_RANGE: { status: 400, vi: 'Công suất ăng-ten từ 0 đến 30 dBm (0 là tắt)', en: 'Antenna power is 0 to 30 dBm (0 turns it off)' },
  USER_READER_EXISTS: exists('Người dùng đã được gán đầu đọc này', 'This user is already assigned to the reader', 'userId'),
  RFID_EXISTS: exists('Mã RFID đã tồn tại', 'RFID code already exists', 'codes'),
  DUPLICATE_RFID: { status: 400, vi: 'Mã RFID bị trùng', en: 'Duplicate RFID code' },
  USERNAME_EXIST: exists('Tên đăng nhập đã tồn tại', 'Username already exists', 'username'),
  ROLE_NAME_EXISTS: exists('Tên nhóm đã tồn tại', 'Group name already exists', 'name'),
  SAMPLE_EXISTS: exists('Mẫu đã tồn tại', 'Sample already exists', 'sampleCode'),
  PRODUCT_EXISTS: exists('Sản phẩm đã tồn tại', 'Product already exists', 'code'),
  PRODUCT_EXISTS_IN_FILE: { status: 409, vi: 'Mã sản phẩm bị trùng trong tệp', en: 'Product code is duplicated in the file' },
  GTIN_EXISTS: exists('GTIN đã được dùng cho sản phẩm khác', 'The GTIN belongs to another product already', 'gtin'),
  SAMPLE_EXISTS_IN_FILE: { status: 409, vi: 'Mã mẫu bị trùng trong tệp', en: 'Sample code is duplicated in the file' },
  ID_EXISTS: exists('ID đã tồn tại', 'ID already exists', 'code'),
  IP_EXISTS: exists('Địa chỉ IP đã tồn tại', 'IP address already exists', 'host'),
  ALERT_CONFIG_EXISTS: exists('Cấu hình thông báo của người dùng này đã tồn tại', "This user's notification configuration already exists", 'userId'),
  // Blank
  MODEL_MUST_BE_NOT_BLANK: notBlank('Model', 'Model'),
  NAME_MUST_BE_NOT_BLANK: notBlank('Tên', 'Name'),
  CATEGORY_MUST_BE_NOT_BLANK: catalogueBlank('categories'),
  SEASON_MUST_BE_NOT_BLANK: catalogueBlank('seasons'),
  ART_MUST_BE_NOT_BLANK: notBlank('Mã art', 'Art number'),
  SIZE_MUST_BE_NOT_BLANK: catalogueBlank('sizes'),
  CUSTOMER_MUST_BE_NOT_BLANK: catalogueBlank('customers'),
  RFID_NOT_BLANK: notBlank('Mã RFID', 'RFID code'),
  // Not found
  CATEGORY_NOT_FOUND: catalogueNotFound('categories'),
  STAGE_NOT_FOUND: catalogueNotFound('stages'),
  TYPE_NOT_FOUND: catalogueNotFound('types'),
  SEASON_NOT_FOUND: catalogueNotFound('seasons'),
  SIZE_NOT_FOUND: catalogueNotFound('sizes'),
  GENDER_NOT_FOUND: catalogueNotFound('genders'),
  SIDE_NOT_FOUND: referenceNotFound('bên', 'Side'),
  ZONE_NOT_FOUND: catalogueNotFound('zones'),
  CUSTOMER_NOT_FOUND: catalogueNotFound('customers'),
  USER_NOT_FOUND: notFound('người dùng', 'User'),
  GROUP_NOT_FOUND: notFound('nhóm người dùng', 'User group'),
  PRODUCT_NOT_FOUND: notFound('sản phẩm', 'Product'),
  // Not found or inactive
  ZONE_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('zones'),
  CUSTOMER_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('customers'),
  TYPE_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('types'),
  SEASON_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('seasons'),
  GENDER_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('genders'),
  SIZE_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('sizes'),
  STAGE_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('stages'),
  CATEGORY_NOT_FOUND_OR_INACTIVE: catalogueNotFoundOrInactive('categories'),
  GROUP_NOT_FOUND_OR_INACTIVE: notFoundOrInactive('Nhóm người dùng', 'User group'),
  // Other
  GTIN_NOT_VALID: { status: 400, vi: 'GTIN phải có 8, 12, 13 hoặc 14 chữ số với số kiểm tra đúng', en: 'A GTIN is 8, 12, 13 or 14 digits with a valid check digit' },
  QUANTITY_PER_BOX_NOT_VALID: {
    status: 400,
    vi: 'Số lượng mỗi thùng phải là số nguyên từ 1 đến 100000',
    en: 'Quantity per box must be a whole number from 1 to 100000',
  },
  TAG_NOT_VALID: { status: 400, vi: 'Mã RFID không hợp lệ', en: 'RFID code is invalid' },
  TEXT_NOT_ONE_LINE: {
    status: 400,
    vi: 'Tên chỉ gồm một dòng: không có xuống dòng, tab hay ký tự điều khiển khác',
    en: 'A name is one line: no line breaks, tabs or other control characters',
  },
  TEXT_NOT_VALID: {
    status: 400,
    vi: 'Văn bản chứa ký tự không được phép (ký tự NUL hoặc mã Unicode hỏng)',
    en: 'The text holds a character that is not allowed (a NUL or broken Unicode)',
  },
  IMPORT_TOO_MANY_ROWS: { status: 400, vi: 'Tệp có quá nhiều dòng dữ liệu', en: 'The file has too many data rows' },
  IMPORT_CELL_TOO_LONG: { status: 400, vi: 'Tệp có ô chứa văn bản quá dài', en: 'The file has a cell holding too long a text' },
  BAD_REQUEST_ERROR: { status: 400, vi: 'Dữ liệu không hợp lệ', en: 'The request is not valid' },
  CAN_NOT_GET_IMAGE: { status: 502, vi: 'Không thể lấy hình ảnh', en: 'Cannot get the image' },
  CONNECTION_TIME_OUT_WHEN_GET_IMAGE: {
    status: 504,
    vi: 'Hết thời gian kết nối khi lấy hình ảnh',
    en: 'Connection timed out while getting the image',
  },
  CAN_NOT_CREATE_FOLDER: { status: 500, vi: 'Không thể tạo thư mục', en: 'Cannot create the folder' },
  // Stocktaking
  NO_DATA: { status: 400, vi: 'Không có dữ liệu để tạo phiếu kiểm kê', en: 'No data to create stocktaking' },
  CANNOT_UPDATE_COMPLETED_INVENTORY: {
    status: 409,
    vi: 'Không thể cập nhật phiếu kiểm kê đang thực hiện hoặc đã hoàn thành',
    en: 'A stocktaking in progress or completed cannot be updated',
  },
  INVENTORY_NOT_FOUND: notFound('phiếu kiểm kê', 'Stocktaking'),
  STOCKTAKE_IN_PROGRESS: { status: 409, vi: 'Phiếu kiểm kê đang thực hiện, không thể sửa', en: 'A stocktaking in progress cannot be changed' },
  STOCKTAKE_ACTION_NOT_ALLOWED: { status: 409, vi: 'Không thể thực hiện thao tác này ở trạng thái hiện tại của phiếu kiểm kê', en: 'This action is not allowed in the stocktaking’s current status' },
  STOCKTAKE_NOT_COUNTING: { status: 409, vi: 'Phiếu kiểm kê không đang kiểm', en: 'The stocktaking is not counting' },
  NOT_FOUND: { status: 404, vi: 'Không tìm thấy dữ liệu', en: 'Not found' },
  ZONE_MISMATCH: { status: 400, vi: 'Mã không khớp với khu vực tìm kiếm', en: 'Code does not match the search area' },
  // Tickets
  TICKET_NOT_FOUND: notFound('phiếu', 'Ticket'),
  TICKET_ACTION_NOT_ALLOWED: {
    status: 409,
    vi: 'Không thể thực hiện thao tác này ở trạng thái hiện tại của phiếu',
    en: 'This action is not allowed in the ticket’s current status',
  },
  TICKET_NOT_EDITABLE: { status: 409, vi: 'Phiếu chỉ sửa được khi còn mới hoặc đang chuẩn bị', en: 'A ticket can be changed only while it is new or being prepared' },
  TICKET_NOT_DELETABLE: { status: 409, vi: 'Chỉ xóa được phiếu mới', en: 'Only a new ticket can be deleted' },
  APPROVER_IS_CREATOR: { status: 403, vi: 'Người tạo phiếu không thể tự duyệt hay hủy duyệt phiếu', en: 'The ticket’s creator cannot approve or cancel it' },
  QUANTITY_TOO_SMALL: { status: 400, vi: 'Số lượng tối thiểu là 1', en: 'The minimum quantity is 1' },
  QUANTITY_TOO_LARGE: { status: 400, vi: 'Số lượng tối đa là 1.000.000', en: 'The maximum quantity is 1,000,000' },
  PRODUCT_ALREADY_ON_TICKET: { status: 400, vi: 'Sản phẩm đã có trong phiếu', en: 'The product is already on the ticket' },
  SAMPLE_ALREADY_ON_TICKET: { status: 400, vi: 'Mẫu đã có trong phiếu', en: 'The sample is already on the ticket' },
  SAMPLE_LIST_EMPTY: { status: 400, vi: 'Danh sách mẫu không được để trống', en: 'The sample list cannot be empty' },
  PRODUCT_LIST_EMPTY: { status: 400, vi: 'Danh sách sản phẩm không được để trống', en: 'The product list cannot be empty' },
  SAMPLE_NOT_AVAILABLE: { status: 409, vi: 'Mẫu đang được cho mượn hoặc đã bị xóa', en: 'The sample is out on loan or deleted' },
  SAMPLE_NOT_OUT: { status: 409, vi: 'Mẫu không ở trạng thái cho mượn', en: 'The sample is not out on loan' },
  REASON_REQUIRED: { status: 400, vi: 'Cần nhập lý do', en: 'A reason is required' },
  ALLOWED_GATE_REQUIRED: { status: 400, vi: 'Phiếu xuất cần chọn cổng mà hàng được phép đi qua', en: 'An export ticket must name the gate its goods may leave by' },
  STOCK_NOT_AVAILABLE: {
    status: 409,
    vi: 'Không đủ hàng khả dụng để duyệt: tồn trừ phần đã giữ cho các phiếu xuất khác ít hơn số lượng kế hoạch',
    en: 'Not enough available to approve: the stock on hand less what other export tickets hold is below the planned quantity',
  },
  STOCK_WOULD_GO_NEGATIVE: {
    status: 409,
    vi: 'Không đủ tồn kho: tồn của sản phẩm trong kho sẽ xuống dưới 0',
    en: 'Not enough stock: the product’s stock in the warehouse would go below zero',
  },
  TICKET_NO_READER: { status: 409, vi: 'Phiếu chưa có đầu đọc để quét (cổng hoặc thiết bị)', en: 'The ticket has no reader to scan with (a gate or a device)' },
  TICKET_NOT_SCANNING: { status: 409, vi: 'Phiếu không đang quét', en: 'The ticket is not being scanned' },
  READER_BUSY: { status: 409, vi: 'Đầu đọc đang được dùng cho phiếu, đợt kiểm kê hoặc lượt đếm khác', en: 'The reader is in use for another ticket, stocktake or count' },
  // Gates
  GATE_NOT_FOUND: { status: 400, vi: 'Cổng không tồn tại (cần một đầu đọc loại cổng)', en: 'Gate not found (a reader of kind GATE is needed)' },
  GATE_TICKET_NOT_FOUND: notFound('phiếu qua cổng', 'Gate ticket'),
  GATE_TICKET_NOT_EDITABLE: { status: 409, vi: 'Chỉ sửa hoặc xóa được phiếu qua cổng chưa duyệt', en: 'A gate ticket can be changed or deleted only before it is approved' },
  VALID_RANGE_NOT_VALID: { status: 400, vi: 'Thời gian kết thúc phải sau thời gian bắt đầu', en: 'The end must be after the start' },
  // Alerts
  ALERT_ALREADY_DISABLED: { status: 409, vi: 'Cảnh báo này đã được tắt', en: 'This alert has already been disabled' },
  ALERT_NOT_FOUND: notFound('cảnh báo', 'Alert'),
  ALERT_CONFIG_NOT_FOUND: notFound('cấu hình thông báo', 'Notification configuration'),
  ALERT_TIME_NOT_VALID: { status: 400, vi: 'Thời gian cảnh báo phải lớn hơn 0', en: 'The alert time must be greater than 0' },
  EMAIL_REQUIRED: { status: 400, vi: 'Cần địa chỉ email để gửi thông báo qua email', en: 'An e-mail address is needed to notify by e-mail' },
  EMAIL_NOT_VALID: { status: 400, vi: 'Email không đúng định dạng', en: 'The e-mail address is not valid' },
  // Platform
  CONCURRENCY_CONFLICT: {
    status: 409,
    vi: 'Dữ liệu vừa được người khác thay đổi, vui lòng tải lại và thử lại',
    en: 'The data was changed by someone else; reload and try again',
  },
  PAYLOAD_TOO_LARGE: { status: 413, vi: 'Dữ liệu gửi lên quá lớn', en: 'The upload is too large' },
  TIME_ZONE_NOT_VALID: { status: 400, vi: 'Múi giờ không hợp lệ', en: 'The time zone is not valid' },
  INTERNAL_ERROR: {
    status: 500,
    vi: 'Đã xảy ra lỗi, vui lòng liên hệ quản trị viên',
    en: 'An error occurred, please contact the administrator',
  },
  SERVICE_UNAVAILABLE: { status: 503, vi: 'Lỗi hệ thống, vui lòng thử lại', en: 'System error, please try again' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The request field a duplicate's code is about (USERNAME_EXIST: username), if it is one. */
export function duplicateField(code: ErrorCode): string | undefined {
  return (ERRORS[code] as ErrorDef).field;
}

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
  /** When `details` lists only the first of many (an import's row errors): how many there are in all. */
  detailsTotal?: number;
  correlationId?: string;
}

/** One broken rule of a validation error: which field, which rule, and the rule's limit if any. */
export interface FieldError {
  field: string;
  rule: string;
  limit?: number | string;
  /** The pattern a text did not match (`/^[A-Z0-9]+$/`), when the rule is one (contracts' TEXT_PATTERNS name it). */
  pattern?: string;
  /** When the rule has its own error code (NAME_MUST_BE_NOT_BLANK, SIDE_NOT_FOUND). */
  code?: ErrorCode;
  message: string;
}
