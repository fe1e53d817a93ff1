package scenario

import (
	"strings"
	"testing"
	"testing/fstest"
)

const doc = "Rolling back a Deployment\n\nAfter a good update to nginx:1.16.1 (revision 2), `rollout undo` goes back.\nSee https://kubernetes.io/docs/concepts/workloads/controllers/deployment/."

func TestCompareTranslation(t *testing.T) {
	for _, tc := range []struct {
		name, tr, want string
	}{
		{"kept", "Rollback một Deployment\n\nSau bản cập nhật tốt lên nginx:1.16.1 (revision 2), `rollout undo` quay lại.\nXem https://kubernetes.io/docs/concepts/workloads/controllers/deployment/.", ""},
		{"a span changed", "x nginx:1.16.1 revision 2 `rollout undo --to-revision=1` https://kubernetes.io/docs/concepts/workloads/controllers/deployment/",
			"code span of the source missing: `rollout undo`\ncode span not in the source: `rollout undo --to-revision=1`"},
		{"an address dropped", "nginx:1.16.1 revision 2 `rollout undo`", "address of the source missing: https://kubernetes.io/docs/concepts/workloads/controllers/deployment/"},
		{"a number changed", "nginx:1.16.1 revision 3 `rollout undo` https://kubernetes.io/docs/concepts/workloads/controllers/deployment/", "numbers of the source are missing: 2"},
		{"the page in Vietnamese", "nginx:1.16.1 revision 2 `rollout undo` https://kubernetes.io/vi/docs/concepts/workloads/controllers/deployment/", ""},
		{"the page in another language", "nginx:1.16.1 revision 2 `rollout undo` https://kubernetes.io/zh-cn/docs/concepts/workloads/controllers/deployment/",
			"address of the source missing: https://kubernetes.io/docs/concepts/workloads/controllers/deployment/\naddress not in the source: https://kubernetes.io/zh-cn/docs/concepts/workloads/controllers/deployment/"},
		{"an address ends at full-width punctuation", "nginx:1.16.1（revision 2）`rollout undo`（https://kubernetes.io/docs/concepts/workloads/controllers/deployment/）。", ""},
		{"a span wrapped elsewhere", "nginx:1.16.1 revision 2 `rollout\nundo` https://kubernetes.io/docs/concepts/workloads/controllers/deployment/", ""},
		{"a number added is fine", "nginx:1.16.1 revision 2, 3 `rollout undo` (https://kubernetes.io/docs/concepts/workloads/controllers/deployment/)", ""},
	} {
		got := strings.Join(CompareTranslation(doc, tc.tr, "vi"), "\n")
		if got != tc.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tc.name, got, tc.want)
		}
	}
	fenced := "a\n```\nkubectl get pods\n```\n"
	if p := CompareTranslation(fenced, "b\n```\nkubectl get pod\n```\n", "vi"); len(p) != 1 || !strings.Contains(p[0], "code blocks differ") {
		t.Errorf("fenced: %v", p)
	}
}

func TestLocalDoc(t *testing.T) {
	fsys := fstest.MapFS{
		"vi/rollback.md":    {Data: []byte("Rollback một Deployment\n\nSau nginx:1.16.1 (revision 2), `rollout undo` quay lại.\nXem https://kubernetes.io/docs/concepts/workloads/controllers/deployment/.\n")},
		"zh-CN/rollback.md": {Data: []byte("回滚 Deployment\n\n`rollout undo`。\n")},
	}
	got, lang, err := LocalDoc(fsys, "rollback", "vi", doc)
	if err != nil || lang != "vi" || !strings.HasPrefix(got, "Rollback một Deployment\n\nSau") || strings.HasSuffix(got, "\n") {
		t.Errorf("vi: %q %q %v", got, lang, err)
	}
	if got, lang, err := LocalDoc(fsys, "rollback", "fr", doc); err != nil || lang != "en" || got != doc {
		t.Errorf("fr: %q %q %v", got, lang, err)
	}
	if got, lang, err := LocalDoc(fsys, "rollback", "", doc); err != nil || lang != "en" || got != doc {
		t.Errorf("default: %q %q %v", got, lang, err)
	}
	if _, lang, err := LocalDoc(fsys, "rollback", "zh-cn", doc); lang != "en" || err == nil || !strings.Contains(err.Error(), "zh-CN/rollback.md: numbers of the source are missing") {
		t.Errorf("zh-CN: %q %v", lang, err)
	}
}

func TestLang(t *testing.T) {
	for in, want := range map[string]string{"": "en", "en": "en", "VI": "vi", "zh-cn": "zh-CN", "zh-hans": "zh-Hans", "../vi": "", "vi/x": "", "a--b": "", "toolonglanguage": ""} {
		if got := Lang(in); got != want {
			t.Errorf("Lang(%q) = %q, want %q", in, got, want)
		}
	}
}
