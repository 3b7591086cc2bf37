import { catalogueNoun } from './catalogue-names.js';
import type { Language } from './notification-messages.js';

/**
 * What the system log says, in Vietnamese and English: the kind of each record (by stream type) and,
 * for each action (an event type), its label and its summary. A summary is a list of parts with
 * {placeholders}; a part whose placeholder has no value is left out ("Lê Văn An, nhóm Kho" without a
 * position). The server renders them in the language of the request.
 */
export const RECORD_KINDS = {
  user: { vi: 'Người dùng', en: 'User' },
  'user-group': { vi: 'Nhóm người dùng', en: 'User group' },
  session: { vi: 'Phiên đăng nhập', en: 'Session' },
  sample: { vi: 'Mẫu', en: 'Sample' },
  product: { vi: 'Sản phẩm', en: 'Product' },
  'rfid-tag': { vi: 'Thẻ RFID', en: 'RFID tag' },
  'master-data-item': { vi: 'Mục danh mục', en: 'Catalogue item' },
  alert: { vi: 'Cảnh báo', en: 'Alert' },
  'alert-configuration': { vi: 'Cấu hình thông báo', en: 'Notification configuration' },
  'alert-reminders': { vi: 'Nhắc cảnh báo', en: 'Alert reminders' },
  reader: { vi: 'Đầu đọc', en: 'Reader' },
  'system-settings': { vi: 'Cấu hình hệ thống', en: 'System settings' },
  ticket: { vi: 'Phiếu nhập/xuất', en: 'Import/export ticket' },
  'gate-ticket': { vi: 'Phiếu qua cổng', en: 'Gate ticket' },
  stocktake: { vi: 'Phiếu kiểm kê', en: 'Stocktaking' },
} as const satisfies Record<string, Record<Language, string>>;

interface ActionText {
  label: string;
  summary: readonly string[];
}

/** A sample's name, model, art number and season, the season named as its catalogue names its items. */
const sampleSummary = (language: Language) => ['{name}', 'model {model}', 'art {art}', `${catalogueNoun('seasons', language)} {season}`];

export const SYSTEM_LOG_ACTIONS = {
  UserCreated: { vi: { label: 'Tạo người dùng', summary: ['{fullName}', 'nhóm {group}'] }, en: { label: 'User created', summary: ['{fullName}', 'group {group}'] } },
  UserUpdated: {
    vi: { label: 'Sửa người dùng', summary: ['{fullName}', 'chức vụ {position}', 'nhóm {group}'] },
    en: { label: 'User updated', summary: ['{fullName}', 'position {position}', 'group {group}'] },
  },
  UserLocked: { vi: { label: 'Khóa người dùng', summary: [] }, en: { label: 'User locked', summary: [] } },
  UserUnlocked: { vi: { label: 'Mở khóa người dùng', summary: [] }, en: { label: 'User unlocked', summary: [] } },
  UserPasswordChanged: { vi: { label: 'Đổi mật khẩu', summary: [] }, en: { label: 'Password changed', summary: [] } },
  GroupCreated: { vi: { label: 'Tạo nhóm người dùng', summary: ['{permissions} quyền', '{description}'] }, en: { label: 'User group created', summary: ['permissions: {permissions}', '{description}'] } },
  GroupUpdated: { vi: { label: 'Sửa nhóm người dùng', summary: ['tên {name}', 'mô tả {description}'] }, en: { label: 'User group updated', summary: ['name {name}', 'description {description}'] } },
  GroupLocked: { vi: { label: 'Khóa nhóm người dùng', summary: [] }, en: { label: 'User group locked', summary: [] } },
  GroupUnlocked: { vi: { label: 'Mở khóa nhóm người dùng', summary: [] }, en: { label: 'User group unlocked', summary: [] } },
  GroupPermissionsAssigned: { vi: { label: 'Phân quyền cho nhóm', summary: ['{permissions} quyền'] }, en: { label: 'Permissions assigned', summary: ['permissions: {permissions}'] } },
  SessionStarted: { vi: { label: 'Đăng nhập', summary: ['từ {ip}'] }, en: { label: 'Signed in', summary: ['from {ip}'] } },
  SessionEnded: { vi: { label: 'Đăng xuất', summary: [] }, en: { label: 'Signed out', summary: [] } },
  SessionExtended: { vi: { label: 'Gia hạn phiên đăng nhập', summary: [] }, en: { label: 'Session kept alive', summary: [] } },
  MasterDataItemCreated: { vi: { label: 'Thêm mục danh mục', summary: ['mã {code}', 'tên {name}'] }, en: { label: 'Catalogue item added', summary: ['code {code}', 'name {name}'] } },
  MasterDataItemUpdated: {
    vi: { label: 'Sửa mục danh mục', summary: ['mã {code}', 'tên {name}', 'mô tả {description}'] },
    en: { label: 'Catalogue item updated', summary: ['code {code}', 'name {name}', 'description {description}'] },
  },
  MasterDataItemDeactivated: { vi: { label: 'Cho ngừng hoạt động', summary: [] }, en: { label: 'Catalogue item deactivated', summary: [] } },
  MasterDataItemActivated: { vi: { label: 'Kích hoạt lại', summary: [] }, en: { label: 'Catalogue item activated', summary: [] } },
  SampleRegistered: { vi: { label: 'Đăng ký mẫu', summary: sampleSummary('vi') }, en: { label: 'Sample registered', summary: sampleSummary('en') } },
  SampleUpdated: { vi: { label: 'Sửa mẫu', summary: sampleSummary('vi') }, en: { label: 'Sample updated', summary: sampleSummary('en') } },
  SampleDeleted: { vi: { label: 'Xóa mẫu', summary: [] }, en: { label: 'Sample deleted', summary: [] } },
  ProductCreated: {
    vi: { label: 'Tạo sản phẩm', summary: ['{name}', 'đơn vị {unit}', '{quantityPerBox} mỗi thùng', 'GTIN {gtin}'] },
    en: { label: 'Product created', summary: ['{name}', 'unit {unit}', '{quantityPerBox} per box', 'GTIN {gtin}'] },
  },
  ProductUpdated: {
    vi: { label: 'Sửa sản phẩm', summary: ['{name}', 'đơn vị {unit}', '{quantityPerBox} mỗi thùng', 'GTIN {gtin}'] },
    en: { label: 'Product updated', summary: ['{name}', 'unit {unit}', '{quantityPerBox} per box', 'GTIN {gtin}'] },
  },
  ProductDeactivated: { vi: { label: 'Ngừng sản phẩm', summary: [] }, en: { label: 'Product deactivated', summary: [] } },
  ProductActivated: { vi: { label: 'Kích hoạt lại sản phẩm', summary: [] }, en: { label: 'Product activated', summary: [] } },
  TagRegistered: { vi: { label: 'Đăng ký thẻ', summary: ['vật chứa {container}'] }, en: { label: 'Tag registered', summary: ['container {container}'] } },
  TagLocked: { vi: { label: 'Khóa thẻ', summary: [] }, en: { label: 'Tag locked', summary: [] } },
  TagUnlocked: { vi: { label: 'Mở khóa thẻ', summary: [] }, en: { label: 'Tag unlocked', summary: [] } },
  TagCancelled: { vi: { label: 'Hủy thẻ', summary: [] }, en: { label: 'Tag cancelled', summary: [] } },
  TagLinked: { vi: { label: 'Liên kết thẻ', summary: ['với mẫu {sample}'] }, en: { label: 'Tag linked', summary: ['to sample {sample}'] } },
  TagUnlinked: { vi: { label: 'Hủy liên kết thẻ', summary: ['khỏi mẫu {sample}', 'lý do: {reason}'] }, en: { label: 'Tag unlinked', summary: ['from sample {sample}', 'reason: {reason}'] } },
  TagLinkedToProduct: {
    vi: { label: 'Liên kết thẻ với sản phẩm', summary: ['sản phẩm {product}', '{kind}'] },
    en: { label: 'Tag linked to a product', summary: ['product {product}', '{kind}'] },
  },
  TagUnlinkedFromProduct: {
    vi: { label: 'Hủy liên kết thẻ khỏi sản phẩm', summary: ['sản phẩm {product}', 'lý do: {reason}'] },
    en: { label: 'Tag unlinked from a product', summary: ['product {product}', 'reason: {reason}'] },
  },
  CountingStarted: { vi: { label: 'Bắt đầu đếm nhanh', summary: ['đầu đọc {reader}'] }, en: { label: 'Quick count started', summary: ['reader {reader}'] } },
  CountingTagsCounted: { vi: { label: 'Đếm nhanh', summary: ['{tags} thẻ'] }, en: { label: 'Quick count tags', summary: ['{tags} tags'] } },
  CountingStopped: { vi: { label: 'Kết thúc đếm nhanh', summary: [] }, en: { label: 'Quick count stopped', summary: [] } },
  MissingSamplesSeen: { vi: { label: 'Thấy lại mẫu thất lạc', summary: ['{samples} mẫu'] }, en: { label: 'Missing samples seen', summary: ['{samples} samples'] } },
  GatePassDecided: {
    vi: { label: 'Qua cổng', summary: ['cổng {gate}', '{item}', '{direction}', '{decision}', 'phiếu {permit}'] },
    en: { label: 'Gate pass', summary: ['gate {gate}', '{item}', '{direction}', '{decision}', 'permit {permit}'] },
  },
  GateAlertRaised: {
    vi: { label: 'Cảnh báo cổng', summary: ['cổng {gate}', '{item}', 'thẻ {epc}'] },
    en: { label: 'Gate alert raised', summary: ['gate {gate}', '{item}', 'tag {epc}'] },
  },
  ReaderDisconnectedAlertRaised: { vi: { label: 'Cảnh báo mất kết nối đầu đọc', summary: ['{reader}'] }, en: { label: 'Reader disconnected alert', summary: ['{reader}'] } },
  StocktakeAbnormalAlertRaised: {
    vi: { label: 'Cảnh báo kiểm kê bất thường', summary: ['phiếu {stocktake}', '{abnormal} mục bất thường'] },
    en: { label: 'Stocktake abnormal alert', summary: ['stocktaking {stocktake}', '{abnormal} abnormal items'] },
  },
  AlertReminded: { vi: { label: 'Nhắc lại cảnh báo', summary: ['{users} người nhận'] }, en: { label: 'Alert reminded', summary: ['{users} recipients'] } },
  ActiveAlertsReminded: { vi: { label: 'Nhắc cảnh báo còn bật', summary: ['người dùng {user}', '{alerts} cảnh báo', 'tại {places}'] }, en: { label: 'Active alerts reminded', summary: ['user {user}', '{alerts} alerts', 'at {places}'] } },
  AlarmSwitchedOff: { vi: { label: 'Tắt còi báo động', summary: ['bởi {by}'] }, en: { label: 'Alarm switched off', summary: ['by {by}'] } },
  AlertDisabled: { vi: { label: 'Tắt cảnh báo', summary: ['bởi {by}', 'lý do: {reason}'] }, en: { label: 'Alert disabled', summary: ['by {by}', 'reason: {reason}'] } },
  AlertConfigurationCreated: {
    vi: { label: 'Tạo cấu hình thông báo', summary: ['người dùng {user}', 'chức năng {functionName}', 'cách báo {methods}', 'nhắc lại sau {timeMinutes} phút'] },
    en: { label: 'Notification configuration created', summary: ['user {user}', 'function {functionName}', 'methods {methods}', 'repeated after {timeMinutes} min'] },
  },
  AlertConfigurationUpdated: {
    vi: { label: 'Sửa cấu hình thông báo', summary: ['người dùng {user}', 'chức năng {functionName}', 'cách báo {methods}', 'nhắc lại sau {timeMinutes} phút'] },
    en: { label: 'Notification configuration updated', summary: ['user {user}', 'function {functionName}', 'methods {methods}', 'repeated after {timeMinutes} min'] },
  },
  AlertConfigurationDeleted: {
    vi: { label: 'Xóa cấu hình thông báo', summary: ['người dùng {user}', 'chức năng {functionName}'] },
    en: { label: 'Notification configuration deleted', summary: ['user {user}', 'function {functionName}'] },
  },
  ReaderRegistered: {
    vi: { label: 'Đăng ký đầu đọc', summary: ['{name}', 'loại {kind}', 'định dạng {format}', 'khu vực {zone}'] },
    en: { label: 'Reader registered', summary: ['{name}', 'kind {kind}', 'format {format}', 'zone {zone}'] },
  },
  ReaderUpdated: {
    vi: { label: 'Sửa đầu đọc', summary: ['{name}', 'loại {kind}', 'chế độ {mode}', 'khu vực {zone}'] },
    en: { label: 'Reader updated', summary: ['{name}', 'kind {kind}', 'mode {mode}', 'zone {zone}'] },
  },
  ReaderCredentialsIssued: {
    vi: { label: 'Cấp mật khẩu MQTT cho đầu đọc', summary: ['{rotated}'] },
    en: { label: 'Reader MQTT password issued', summary: ['{rotated}'] },
  },
  ReaderUserAssigned: { vi: { label: 'Gán người dùng cho đầu đọc', summary: ['{user}'] }, en: { label: 'User assigned to reader', summary: ['{user}'] } },
  ReaderUserUnassigned: { vi: { label: 'Bỏ gán người dùng khỏi đầu đọc', summary: ['{user}'] }, en: { label: 'User taken off reader', summary: ['{user}'] } },
  ReaderModeSet: { vi: { label: 'Đổi chế độ đầu đọc', summary: ['{mode}'] }, en: { label: 'Reader mode set', summary: ['{mode}'] } },
  ReaderAntennasSet: { vi: { label: 'Đặt công suất ăng-ten', summary: ['{antennas}'] }, en: { label: 'Antenna power set', summary: ['{antennas}'] } },
  TagsEnteredZone: {
    vi: { label: 'Thẻ vào khu vực', summary: ['{count} thẻ', 'khu vực {zone}'] },
    en: { label: 'Tags entered a zone', summary: ['{count} tags', 'zone {zone}'] },
  },
  SystemSettingsChanged: { vi: { label: 'Đổi cấu hình hệ thống', summary: ['{changes}'] }, en: { label: 'System settings changed', summary: ['{changes}'] } },
  TicketCreated: {
    vi: { label: 'Tạo phiếu', summary: ['{direction}', 'nguồn {source}', '{lines} dòng'] },
    en: { label: 'Ticket created', summary: ['{direction}', 'source {source}', '{lines} lines'] },
  },
  TicketUpdated: { vi: { label: 'Sửa phiếu', summary: ['{lines} dòng'] }, en: { label: 'Ticket updated', summary: ['{lines} lines'] } },
  TicketDeleted: { vi: { label: 'Xóa phiếu', summary: [] }, en: { label: 'Ticket deleted', summary: [] } },
  TicketMoved: {
    vi: { label: 'Chuyển trạng thái phiếu', summary: ['{action}', '{from} → {to}', 'phê duyệt {approval}', 'lý do: {reason}'] },
    en: { label: 'Ticket moved on', summary: ['{action}', '{from} → {to}', 'approval {approval}', 'reason: {reason}'] },
  },
  TicketClosed: {
    vi: { label: 'Đóng phiếu', summary: ['{movements} sản phẩm', '{samples} mẫu'] },
    en: { label: 'Ticket closed', summary: ['{movements} products', '{samples} samples'] },
  },
  TicketRolledBack: {
    vi: { label: 'Hoàn tác phiếu', summary: ['{from} → {to}', '{discarded} thẻ bỏ đi', 'lý do: {reason}'] },
    en: { label: 'Ticket rolled back', summary: ['{from} → {to}', '{discarded} tags discarded', 'reason: {reason}'] },
  },
  TicketScanningStarted: { vi: { label: 'Bắt đầu quét phiếu', summary: ['{step}', '{readers} đầu đọc'] }, en: { label: 'Ticket scanning started', summary: ['{step}', '{readers} readers'] } },
  TicketScanningStopped: { vi: { label: 'Dừng quét phiếu', summary: [] }, en: { label: 'Ticket scanning stopped', summary: [] } },
  TicketTagsScanned: {
    vi: { label: 'Quét thẻ cho phiếu', summary: ['{counted} thẻ được đếm', '{apart} thẻ để riêng'] },
    en: { label: 'Tags scanned for a ticket', summary: ['{counted} tags counted', '{apart} tags apart'] },
  },
  TicketApartDecided: {
    vi: { label: 'Xử lý thẻ để riêng', summary: ['{decision}', '{count} thẻ'] },
    en: { label: 'Tags apart decided', summary: ['{decision}', '{count} tags'] },
  },
  GateTicketCreated: {
    vi: { label: 'Tạo phiếu qua cổng', summary: ['{items} mục', '{gates} cổng', 'lý do: {reason}'] },
    en: { label: 'Gate ticket created', summary: ['{items} items', '{gates} gates', 'reason: {reason}'] },
  },
  GateTicketUpdated: {
    vi: { label: 'Sửa phiếu qua cổng', summary: ['{items} mục', '{gates} cổng', 'lý do: {reason}'] },
    en: { label: 'Gate ticket updated', summary: ['{items} items', '{gates} gates', 'reason: {reason}'] },
  },
  GateTicketApproved: { vi: { label: 'Duyệt phiếu qua cổng', summary: ['bởi {by}'] }, en: { label: 'Gate ticket approved', summary: ['by {by}'] } },
  GateTicketCanceled: { vi: { label: 'Hủy duyệt phiếu qua cổng', summary: ['bởi {by}'] }, en: { label: 'Gate ticket canceled', summary: ['by {by}'] } },
  GateTicketDeleted: { vi: { label: 'Xóa phiếu qua cổng', summary: ['mã {code}'] }, en: { label: 'Gate ticket deleted', summary: ['code {code}'] } },
  StocktakeCreated: {
    vi: { label: 'Tạo phiếu kiểm kê', summary: ['{name}', '{zones} khu vực', '{readers} đầu đọc'] },
    en: { label: 'Stocktaking created', summary: ['{name}', '{zones} zones', '{readers} readers'] },
  },
  StocktakeExpectedTaken: { vi: { label: 'Lấy danh sách cần kiểm', summary: ['{lines} dòng'] }, en: { label: 'Expected list taken', summary: ['{lines} lines'] } },
  StocktakeUpdated: {
    vi: { label: 'Sửa phiếu kiểm kê', summary: ['{name}', '{readers} đầu đọc', '{users} người kiểm'] },
    en: { label: 'Stocktaking updated', summary: ['{name}', '{readers} readers', '{users} counting users'] },
  },
  StocktakeStarted: { vi: { label: 'Bắt đầu kiểm kê', summary: [] }, en: { label: 'Stocktaking started', summary: [] } },
  StocktakeTagsCounted: { vi: { label: 'Đếm thẻ kiểm kê', summary: ['{tags} thẻ', '{abnormal} bất thường'] }, en: { label: 'Stocktaking tags counted', summary: ['{tags} tags', '{abnormal} abnormal'] } },
  StocktakeLineIgnored: { vi: { label: 'Bỏ qua dòng kiểm kê', summary: ['{line}', 'ghi chú: {note}'] }, en: { label: 'Stocktaking line ignored', summary: ['{line}', 'note: {note}'] } },
  StocktakeReset: { vi: { label: 'Kiểm kê lại từ đầu', summary: [] }, en: { label: 'Stocktaking reset', summary: [] } },
  StocktakeClosed: {
    vi: { label: 'Đóng phiếu kiểm kê', summary: ['{abnormal} bất thường', '{moved} mẫu chuyển khu vực', '{missing} mẫu đánh dấu thiếu', '{stock} dòng tồn kho điều chỉnh'] },
    en: { label: 'Stocktaking closed', summary: ['{abnormal} abnormal', '{moved} samples moved', '{missing} samples marked missing', '{stock} stock lines adjusted'] },
  },
} as const satisfies Record<string, Record<Language, ActionText>>;

export type SystemLogAction = keyof typeof SYSTEM_LOG_ACTIONS;
export type SystemLogParams = Record<string, string | number | null>;

function isKnownAction(action: string): action is SystemLogAction {
  return Object.hasOwn(SYSTEM_LOG_ACTIONS, action);
}

/** An action's label; an action this version does not know (a newer server's) keeps its name. */
export function systemLogActionLabel(action: string, language: Language): string {
  return isKnownAction(action) ? SYSTEM_LOG_ACTIONS[action][language].label : action;
}

/** An action's summary: the parts whose placeholders all have a value, joined, the first letter a capital. */
export function renderSystemLogSummary(action: string, params: SystemLogParams, language: Language): string {
  if (!isKnownAction(action)) return '';
  const parts = SYSTEM_LOG_ACTIONS[action][language].summary.flatMap((part) => {
    let complete = true;
    const text = part.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === null || value === undefined || value === '') complete = false;
      return String(value ?? '');
    });
    return complete ? [text] : [];
  });
  const text = parts.join(', ');
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** What a record of a stream type is called ("Người dùng"); an unknown type keeps its name. */
export function recordKind(streamType: string, language: Language): string {
  return Object.hasOwn(RECORD_KINDS, streamType) ? RECORD_KINDS[streamType as keyof typeof RECORD_KINDS][language] : streamType;
}
