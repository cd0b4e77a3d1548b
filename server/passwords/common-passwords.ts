/**
 * A short offline list of passwords that are at least 8 characters long and among the most used,
 * worldwide and in China. Compared case-insensitively. No network lookup (intranet product).
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '66666666', '99999999', '11223344', '12341234', '123123123', '147258369', '789456123', '147852369',
  '5201314520', '52013141314', 'woaini1314', 'woaini520', 'iloveyou', 'iloveyou1', 'password', 'password1',
  'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwertyui', 'qwertyuiop', 'qwerty123', '1qaz2wsx',
  '1q2w3e4r', '1q2w3e4r5t', 'zaq12wsx', 'qazwsxedc', 'qweasdzxc', 'asdfghjk', 'asdfasdf', 'abcd1234',
  'abc12345', 'abc123456', 'a1234567', 'a12345678', 'aa123456', 'admin123', 'admin1234', 'admin888',
  'administrator', 'root1234', 'test1234', 'letmein1', 'welcome1', 'welcome123', 'sunshine', 'princess',
  'football', 'baseball', 'superman', 'trustno1', 'changeme', 'computer', 'internet', 'whatever',
  'zhang123', 'wang1234', 'li123456', 'huawei123', 'abcdefgh', 'aaaaaaaa', 'a1b2c3d4', '1a2b3c4d',
  'q1w2e3r4', 'qq123456', 'qwer1234', 'asdf1234', 'zxcvbnm1', 'zxcvbnm123', 'password!', 'admin@123',
  'Admin@123', 'root@123', 'Aa123456', 'Aa123456!', 'Abc@1234', 'Qwer@1234', 'P@ssw0rd!',
].map((p) => p.toLowerCase()));
