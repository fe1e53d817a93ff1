package lesson

import (
	"strings"
	"testing"
	"testing/fstest"
)

// smallVi is a complete translation of the small lesson.
const smallVi = `# Scale một Deployment
# Yêu cầu thêm replica và xem chúng xuất hiện.

# A translator's note: ignored.
step 1 Scale lên năm
hint ` + "`kubectl scale`" + ` nhận ` + "`--replicas`" + `.
-- intro.md --
Một Deployment chạy **3** Pod.
-- scale.md --
Scale nó lên 5:

- chạy lệnh
- chờ
-- done.md --
Xong. Xem [tài liệu](https://kubernetes.io/docs/).
`

func TestTranslate(t *testing.T) {
	src := mustParse(t, small)
	l, err := Translate(src, "vi", "vi/small.txtar", []byte(smallVi))
	if err != nil {
		t.Fatal(err)
	}
	if l.Lang != "vi" || l.Title != "Scale một Deployment" || l.Summary != "Yêu cầu thêm replica và xem chúng xuất hiện." {
		t.Errorf("lang %q, title %q, summary %q", l.Lang, l.Title, l.Summary)
	}
	st := l.Steps[0]
	if st.Title != "Scale lên năm" || st.Text.File != "scale.md" || !strings.HasPrefix(st.Text.Source, "Scale nó lên 5:") ||
		len(st.Text.Blocks) != 2 || len(st.Hints) != 1 || st.Hints[0][2].Text != "--replicas" {
		t.Errorf("step = %+v", st)
	}
	if l.Link != src.Link {
		t.Errorf("link %q", l.Link)
	}
	// The lesson's page may be the documentation's in the language.
	vi := strings.Replace(smallVi, "\n# A translator's note", "\nlink https://kubernetes.io/vi/docs/concepts/workloads/controllers/deployment/#scaling-a-deployment\n# A translator's note", 1)
	if l, err := Translate(src, "vi", "vi/small.txtar", []byte(vi)); err != nil || l.Link != "https://kubernetes.io/vi/docs/concepts/workloads/controllers/deployment/#scaling-a-deployment" || src.Link == l.Link {
		t.Errorf("link: %v %+v", err, l)
	}
	if l.Intro.Blocks[0].Items[0][1].Text != "3" || l.Finish.Blocks[0].Items[0][1].Href != "https://kubernetes.io/docs/" {
		t.Errorf("intro %+v, finish %+v", l.Intro, l.Finish)
	}
	// The commands, the solution and the checks are the source's.
	if st.Line != src.Steps[0].Line || len(st.Checks) != 3 || st.Checks[0] != src.Steps[0].Checks[0] ||
		strings.Join(st.SolutionLines(), ";") != strings.Join(src.Steps[0].SolutionLines(), ";") || st.Try[0] != src.Steps[0].Try[0] || l.Setup != src.Setup {
		t.Errorf("step = %+v", st)
	}
	// The source is untouched.
	if src.Lang != "en" || src.Steps[0].Title != "Scale to five" || !strings.HasPrefix(src.Steps[0].Text.Source, "Scale it to 5") {
		t.Errorf("source changed: %+v", src.Steps[0])
	}
}

func TestTranslateErrors(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"a missing step", "step 1 Scale lên năm\nhint `kubectl scale` nhận `--replicas`.\n", "", `vi/small.txtar: step 1 "Scale to five" is not translated`},
		{"an extra step", "-- intro.md --", "step 2 Thêm\n-- intro.md --", `vi/small.txtar:7: step 2: the lesson has 1 steps`},
		{"steps out of order", "step 1 Scale", "step 0 Scale", `vi/small.txtar:5: step 0: want step 1 here`},
		{"no title on a step", "step 1 Scale lên năm", "step 1", `vi/small.txtar:5: want step N TITLE`},
		{"a code span changed in a hint", "`kubectl scale` nhận", "`kubectl scale deployment` nhận", "vi/small.txtar:6: hint: code span of the source missing: `kubectl scale`"},
		{"a code span added", "`--replicas`.", "`--replicas` `-r`.", "vi/small.txtar:6: hint: code span not in the source: `-r`"},
		{"a hint too many", "`--replicas`.\n", "`--replicas`.\nhint thêm\n", `vi/small.txtar:5: step 1 "Scale to five" has 1 hints, its translation 2`},
		{"a hint outside a step", "\n# A translator's note: ignored.\n", "\nhint sớm\n", `vi/small.txtar:4: hint outside a step`},
		{"a number lost", "chạy **3** Pod", "chạy **ba** Pod", `vi/small.txtar:7: intro.md: numbers of the source are missing: 3`},
		{"a link changed", "(https://kubernetes.io/docs/)", "(https://kubernetes.io/zh-cn/docs/)", `vi/small.txtar:14: done.md: address of the source missing: https://kubernetes.io/docs/`},
		{"a link directive elsewhere", "\n# A translator's note: ignored.\n", "\nlink https://kubernetes.io/vi/docs/concepts/\n", `vi/small.txtar:4: link: want the lesson's page, https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#scaling-a-deployment, or the same page in vi`},
		{"a link directive in a step", "hint `kubectl scale`", "link https://kubernetes.io/vi/docs/concepts/workloads/controllers/deployment/#scaling-a-deployment\nhint `kubectl scale`", `vi/small.txtar:6: link: before the first step`},
		{"a missing page", "-- done.md --\nXong. Xem [tài liệu](https://kubernetes.io/docs/).\n", "", `vi/small.txtar: page done.md is not translated`},
		{"a file that is no page", "-- done.md --", "-- web.yaml --\nkind: Pod\n-- done.md --", `vi/small.txtar:14: file "web.yaml" is not a page of the lesson (its pages: intro.md, scale.md, done.md)`},
		{"a page twice", "-- done.md --", "-- intro.md --\nx\n-- done.md --", `vi/small.txtar:14: file "intro.md" is here twice`},
		{"bad Markdown", "Scale nó lên 5:", "Scale nó lên `5:", "vi/small.txtar:10: scale.md: a `code` span is not closed"},
		{"an unknown directive", "step 1 Scale", "check x\nstep 1 Scale", `vi/small.txtar:5: unknown directive "check"`},
		{"no title", "# Scale một Deployment\n# Yêu cầu thêm replica và xem chúng xuất hiện.\n", "", `vi/small.txtar:1: no title`},
		{"no summary", "# Yêu cầu thêm replica và xem chúng xuất hiện.\n", "", `vi/small.txtar:2: summary: the source has one`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(smallVi, tc.old, tc.new, 1)
			if text == smallVi {
				t.Fatalf("the edit %q changed nothing", tc.old)
			}
			_, err := Translate(mustParse(t, small), "vi", "vi/small.txtar", []byte(text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant it to contain %s", err, tc.want)
			}
		})
	}
}

// A fenced code block is kept byte for byte.
func TestTranslateKeepsFencedCode(t *testing.T) {
	src := strings.Replace(small, "-- done.md --\n", "-- done.md --\n```\nkubectl get pods\n```\n", 1)
	tr := strings.Replace(smallVi, "-- done.md --\n", "-- done.md --\n```\nkubectl get pod\n```\n", 1)
	_, err := Translate(mustParse(t, src), "vi", "vi/small.txtar", []byte(tr))
	if err == nil || !strings.Contains(err.Error(), "done.md: the ``` code blocks differ") {
		t.Errorf("err = %v", err)
	}
	tr = strings.Replace(smallVi, "-- done.md --\n", "-- done.md --\n```\nkubectl get pods\n```\n", 1)
	if _, err := Translate(mustParse(t, src), "vi", "vi/small.txtar", []byte(tr)); err != nil {
		t.Error(err)
	}
}

// Load reads the translation when there is one, and says when it fell
// back to English.
func TestLoad(t *testing.T) {
	fsys := fstest.MapFS{
		"small.txtar":    {Data: []byte(small)},
		"vi/small.txtar": {Data: []byte(smallVi)},
		"fr/small.txtar": {Data: []byte("# Petit\n")},
	}
	for _, tc := range []struct{ lang, want, title string }{
		{"", "en", "Scaling a Deployment"},
		{"en", "en", "Scaling a Deployment"},
		{"vi", "vi", "Scale một Deployment"},
		{"VI", "vi", "Scale một Deployment"},
		{"zh-CN", "en", "Scaling a Deployment"}, // no translation: English, and it says so
		{"../vi", "en", "Scaling a Deployment"}, // not a language tag
	} {
		l, err := Load(fsys, "small", tc.lang)
		if err != nil {
			t.Errorf("%s: %v", tc.lang, err)
			continue
		}
		if l.Lang != tc.want || l.Title != tc.title {
			t.Errorf("%s: lang %q title %q, want %q %q", tc.lang, l.Lang, l.Title, tc.want, tc.title)
		}
	}
	if _, err := Load(fsys, "small", "fr"); err == nil || !strings.Contains(err.Error(), `fr/small.txtar: step 1 "Scale to five" is not translated`) {
		t.Errorf("a bad translation: %v", err)
	}
	if _, err := Load(fsys, "big", "vi"); err == nil {
		t.Error("no error for a missing lesson")
	}
}
