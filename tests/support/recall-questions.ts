// The recall quality set (issue 16): questions a Chinese-speaking user might ask about Debian, written for this test
// in their own words (not the FAQ's headings), each with a phrase of the passage that answers it in Debian's Chinese
// FAQ (package debian-faq-zh-cn, /usr/share/doc/debian/FAQ/debian-faq.zh-cn.txt.gz). A question is answered when a
// passage among the first five holds its phrase (whitespace aside: the FAQ wraps its lines).

/** Where the corpus is on a Debian machine (`.ci/run` installs the package). */
export const FAQ_ZH_CN = '/usr/share/doc/debian/FAQ/debian-faq.zh-cn.txt.gz';

export const RECALL_QUESTIONS: { question: string; answer: string }[] = [
  { question: 'Debian 这个名字是怎么来的，应该怎么读？', answer: '本计划的名字的发音为' },
  { question: '稳定版发布以后还会加入新功能吗？', answer: '稳定版不会增加新功能' },
  { question: '安全更新会把软件升级到新版本吗？', answer: '对软件包的安全更新不会升级该软件' },
  { question: '以后能不能从 testing 换回 stable？', answer: '这一过程是单向的' },
  { question: '除了 Linux 内核，Debian 还支持哪些内核？', answer: '针对如下操作系统内核提供完整的二进制发行版' },
  { question: '自己编译的非 Debian 程序应该装到哪个目录？', answer: '目录 /usr/local/ 下的文件不受 Debian 软件包管理系统的控制' },
  { question: '想在 Debian 上编译打包，需要装哪个软件包才有编译器？', answer: '装 build-essential 软件包' },
  { question: '链接时报错找不到 -lfoo，缺的符号链接在哪个包里？', answer: 'libfoo-dev' },
  { question: '用什么命令查看系统的发行版名称和版本号？', answer: 'lsb_release -a' },
  { question: '无线网卡没有 Linux 驱动怎么办？', answer: 'ndiswrapper' },
  { question: 'Debian 各版本的代号取自哪部电影？', answer: '《玩具总动员》系列的角色' },
  { question: 'sid 版本为什么从来不会正式发布？', answer: '它从来不会被直接发布' },
  { question: '怎样找到某个源码包在镜像 pool 目录中的位置？', answer: 'apt-cache showsrc' },
  { question: '刚上传的软件包在进入档案库之前放在哪里？', answer: '它将在“incoming”目录待上一小段时间' },
  { question: '想给公司内部的私有 deb 包搭一个 apt 仓库，步骤在哪里能找到？', answer: 'HowToSetupADebianRepository' },
  { question: 'deb 文件名里的下划线分别隔开了什么信息？', answer: '<foo>_<版本号>-<Debian 修订' },
  { question: '升级软件包时 /etc 下我改过的配置文件会被覆盖吗？', answer: 'conffile 是软件包管理系统在升级该软件包时不会覆盖的配置文件' },
  { question: '软件包安装和卸载前后自动执行的脚本有哪些？', answer: '这些文件是在软件包安装或卸载前后自动执行的可执行脚本' },
  { question: 'www-browser 这种不是真实软件包的名字是什么意思？', answer: '虚拟软件包是一个通用的名称' },
  { question: 'Pre-Depends 和普通依赖有什么不同？', answer: '“预依赖（Pre-Depend）”是一种特殊的依赖关系' },
  { question: '怎么让某个软件包不被升级，保持当前版本？', answer: '有三种方法将软件包设置为“保留”' },
  { question: '怎样下载一个软件的源代码包？', answer: 'apt-get source foo' },
  { question: '系统运行时升级守护进程，谁负责停止和重启它们？', answer: 'start-stop-daemon' },
  { question: '列出系统里已经安装的全部软件包用什么命令？', answer: 'dpkg --list' },
  { question: '某个文件是哪个软件包装进来的，怎么查？', answer: 'dpkg --search foo' },
  { question: '升级软件包之前需要切换到单用户模式吗？', answer: '软件包也可以原地升级' },
  { question: '下载下来的 .deb 文件安装完可以删掉吗？', answer: 'aptitude clean' },
  { question: '能否让系统定期自动升级？', answer: '您可以使用 cron-apt' },
  { question: '局域网里有很多台 Debian 机器，怎样让更新只下载一次？', answer: '您可以使用 apt-cacher 确保您' },
  { question: '旧内核的软件包能安全删除吗，用什么命令？', answer: 'dpkg --purge linux-image-NNN' },
  { question: '如何统一设置所有程序默认使用的纸张大小？', answer: '安装 libpaper1 软件包' },
  { question: '发现了 Debian 的 bug 应该怎么提交报告？', answer: '您可以使用软件包 reportbug' },
  { question: '我想成为 Debian 开发者，从哪里开始？', answer: '成为 Debian 成员的相关描述可以在 Debian 网站的新成员专区' },
  { question: '可以自己刻录 Debian 光盘拿去卖吗？', answer: '您在分发我们已经发布的内容时不需要许可' },
];
