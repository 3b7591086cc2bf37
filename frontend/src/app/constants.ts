export const PRODUCT_NAME = 'RFID Back-office';
