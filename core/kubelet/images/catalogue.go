package images

// The built-in catalogue: the images the Kubernetes documentation and its
// tutorials use, with the tags learners type. Digests and sizes marked
// "real" were read off real clusters (kubectl describe pod, the kubelet's
// Pulled event); the others are stable synthetic digests and realistic
// sizes. A repository's pattern admits further tags that exist upstream
// (nginx:1.19, busybox:1.35) but not the typos the lessons rely on
// (nginx:1.161, nginx:sometag).

const defaultPath = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

type tagSpec struct {
	tag    string
	digest string // "" = synthetic
	size   int64
}

type repoSpec struct {
	name     string
	template Image
	tags     []tagSpec
	pattern  string
	envFor   func(tag string) []string
}

// genericServer is what an image a scenario invents behaves like: a
// server on 80 and 8080 answering every path.
var genericServer = Image{Process: Server, Ports: []int32{80, 8080}, Shell: "busybox",
	Size: 24_117_000, Env: []string{defaultPath}}

// nginxVersion maps the floating tags to the version they carry.
func nginxVersion(tag string) string {
	switch tag {
	case "latest", "mainline", "alpine", "mainline-alpine", "perl":
		return "1.29.3"
	case "stable", "stable-alpine":
		return "1.28.0"
	case "1.25":
		return "1.25.5"
	case "1.27", "1.27-alpine":
		return "1.27.5"
	}
	for i, c := range tag {
		if c == '-' {
			return tag[:i]
		}
	}
	return tag
}

var catalogue = []repoSpec{
	{
		name: "docker.io/library/nginx",
		template: Image{Process: Server, Ports: []int32{80}, HTTPPaths: []string{"/", "/index.html", "/50x.html"},
			Shell: "gnu", Size: 72_195_292,
			Files: []string{"/usr/share/nginx/html/index.html", "/usr/share/nginx/html/50x.html",
				"/etc/nginx/nginx.conf", "/etc/nginx/conf.d/default.conf", "/docker-entrypoint.sh"}},
		tags: []tagSpec{
			{"1.7.9", "sha256:e3456c851a152494c3e4ff5fcc26f240206abac0c9d794affb40e0714846c451", 39_947_836},
			{"1.14.2", "sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d", 44_710_204}, // real
			{"1.16.1", "sha256:d20aa6d1cae56fd17cd458f4807e0de462caf2336f0b70b5eeb69fcaaf30dd9c", 51_030_575},
			{"1.25", "", 70_544_635},
			{"1.27", "", 72_099_410},
			{"1.27-alpine", "sha256:65645c7bb6a0661892a8b03b89d0743208a18dd2f3f17a54ef4b76fb8e2f2a10", 20_984_244}, // real
			{"stable", "", 71_845_906},
			{"latest", "", 72_195_292},
			{"alpine", "", 21_262_714},
		},
		pattern: `mainline|stable-alpine|mainline-alpine|perl|1\.(?:[7-9]|1[0-9]|2[0-9])(?:\.[0-9]{1,2})?(?:-alpine|-perl|-alpine-slim|-bookworm|-bullseye)?`,
		envFor: func(tag string) []string {
			return []string{defaultPath, "NGINX_VERSION=" + nginxVersion(tag), "NJS_VERSION=0.9.1",
				"NJS_RELEASE=1~bookworm", "PKG_RELEASE=1~bookworm", "DYNPKG_RELEASE=1~bookworm"}
		},
	},
	{
		name: "docker.io/library/httpd",
		template: Image{Process: Server, Ports: []int32{80}, HTTPPaths: []string{"/", "/index.html"}, Shell: "gnu",
			Size: 58_160_478, Files: []string{"/usr/local/apache2/htdocs/index.html", "/usr/local/apache2/conf/httpd.conf"}},
		tags:    []tagSpec{{"2.4", "", 58_160_478}, {"latest", "", 58_160_478}, {"alpine", "", 22_440_113}},
		pattern: `2\.4(?:\.[0-9]{1,2})?(?:-alpine|-bookworm)?|2`,
		envFor: func(string) []string {
			return []string{"PATH=/usr/local/apache2/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
				"HTTPD_PREFIX=/usr/local/apache2", "HTTPD_VERSION=2.4.65"}
		},
	},
	{
		name:     "docker.io/library/redis",
		template: Image{Process: Server, Ports: []int32{6379}, Shell: "gnu", Size: 45_016_823},
		tags:     []tagSpec{{"7", "", 45_016_823}, {"7.2", "", 44_802_114}, {"7.4", "", 45_311_092}, {"latest", "", 48_870_405}, {"alpine", "", 17_213_500}},
		pattern:  `[5-8](?:\.[0-9](?:\.[0-9]{1,2})?)?(?:-alpine|-bookworm)?`,
		envFor: func(tag string) []string {
			return []string{defaultPath, "REDIS_DOWNLOAD_URL=http://download.redis.io/releases/redis-7.4.2.tar.gz"}
		},
	},
	{
		name:     "docker.io/library/busybox",
		template: Image{Process: Shell, Shell: "busybox", Size: 2_166_802, IgnoresSIGTERM: true, Env: []string{defaultPath}},
		tags: []tagSpec{
			{"1.28", "", 727_869},   // real
			{"1.36", "", 1_906_887}, // real
			{"1.37", "", 2_166_802},
			{"latest", "", 2_166_802},
			{"stable", "", 2_166_802},
		},
		pattern: `1\.(?:2[0-9]|3[0-7])(?:\.[0-9])?(?:-glibc|-musl|-uclibc)?|glibc|musl|uclibc`,
	},
	{
		name:     "docker.io/library/alpine",
		template: Image{Process: Shell, Shell: "busybox", Size: 3_623_807, IgnoresSIGTERM: true, Env: []string{defaultPath}},
		tags:     []tagSpec{{"3.20", "", 3_623_807}, {"3.21", "", 3_641_651}, {"3.22", "", 3_799_533}, {"latest", "", 3_799_533}},
		pattern:  `3\.(?:1[0-9]|2[0-3])(?:\.[0-9]{1,2})?|edge`,
	},
	{
		name:     "docker.io/library/ubuntu",
		template: Image{Process: Shell, Shell: "gnu", Size: 29_723_147, IgnoresSIGTERM: true, Env: []string{defaultPath}},
		tags:     []tagSpec{{"22.04", "", 29_545_130}, {"24.04", "", 29_723_147}, {"latest", "", 29_723_147}},
		pattern:  `(?:1[468]|2[02468])\.04|jammy|noble|focal`,
	},
	{
		name:     "docker.io/library/postgres",
		template: Image{Process: Server, Ports: []int32{5432}, Shell: "gnu", Size: 158_402_112, RequiredEnv: []string{"POSTGRES_PASSWORD"}},
		tags:     []tagSpec{{"16", "", 158_402_112}, {"17", "", 160_118_925}, {"latest", "", 160_118_925}},
		pattern:  `1[2-8](?:\.[0-9]{1,2})?(?:-alpine|-bookworm)?`,
		envFor: func(string) []string {
			return []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/lib/postgresql/17/bin",
				"PGDATA=/var/lib/postgresql/data"}
		},
	},
	{
		name:     "docker.io/library/mysql",
		template: Image{Process: Server, Ports: []int32{3306}, Shell: "gnu", Size: 171_093_114, RequiredEnv: []string{"MYSQL_ROOT_PASSWORD"}},
		tags:     []tagSpec{{"8", "", 171_093_114}, {"8.0", "", 169_551_338}, {"latest", "", 171_093_114}},
		pattern:  `[5-9](?:\.[0-9](?:\.[0-9]{1,2})?)?`,
		envFor:   func(string) []string { return []string{defaultPath, "MYSQL_MAJOR=8.4"} },
	},
	{
		name:     "docker.io/hashicorp/http-echo",
		template: Image{Process: Server, Ports: []int32{5678}, Size: 2_855_193, Env: []string{defaultPath}},
		tags:     []tagSpec{{"latest", "", 2_855_193}, {"1.0", "", 2_855_193}, {"0.2.3", "", 2_496_380}},
	},
	{
		name:     "registry.k8s.io/pause",
		template: Image{Process: Sleeper, Size: 320_368},
		tags:     []tagSpec{{"3.10", "", 320_368}, {"3.10.1", "", 320_448}, {"3.9", "", 321_520}, {"3.8", "", 311_286}}, // 3.10 real
	},
	{
		name:     "registry.k8s.io/echoserver",
		template: Image{Process: Server, Ports: []int32{8080}, Shell: "busybox", Size: 46_244_211, Env: []string{defaultPath}},
		tags:     []tagSpec{{"1.4", "", 46_244_211}, {"1.10", "", 46_812_002}},
	},
	{
		name:     "k8s.gcr.io/echoserver",
		template: Image{Process: Server, Ports: []int32{8080}, Shell: "busybox", Size: 46_244_211, Env: []string{defaultPath}},
		tags:     []tagSpec{{"1.4", "", 46_244_211}, {"1.10", "", 46_812_002}},
	},
	{
		name:     "registry.k8s.io/e2e-test-images/agnhost",
		template: Image{Process: Server, Ports: []int32{8080}, Shell: "busybox", Size: 51_364_720, Env: []string{defaultPath}},
		tags:     []tagSpec{{"2.39", "", 51_364_720}, {"2.53", "", 52_070_391}, {"2.55", "", 52_417_860}},
	},
	{
		name:     "registry.k8s.io/busybox",
		template: Image{Process: Shell, Shell: "busybox", Size: 1_144_547, IgnoresSIGTERM: true, Env: []string{defaultPath}},
		tags:     []tagSpec{{"1.27.2", "", 1_144_547}, {"latest", "", 1_144_547}},
	},
	{
		name:     "registry.k8s.io/nginx-slim",
		template: Image{Process: Server, Ports: []int32{80}, HTTPPaths: []string{"/", "/index.html"}, Shell: "gnu", Size: 36_452_370},
		tags:     []tagSpec{{"0.8", "", 36_452_370}, {"0.27", "", 40_101_902}},
	},
	{
		name:     "gcr.io/google-samples/hello-app",
		template: Image{Process: Server, Ports: []int32{8080}, Size: 11_302_409, Env: []string{defaultPath, "PORT=8080"}},
		tags:     []tagSpec{{"1.0", "", 11_302_409}, {"2.0", "", 11_302_630}},
	},
}
