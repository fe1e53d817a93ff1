package kubectl

import (
	"testing"
	"time"
)

// FuzzRun runs random command lines against a small cluster: no input
// panics, and every command ends within its simulated-time bound.
func FuzzRun(f *testing.F) {
	for _, s := range []string{
		"kubectl get pods", "kubectl get all -A -o wide", "kubectl rollout status deploy/web",
		"kubectl get deploy -w", "kubectl scale deploy web --replicas=0", "kubectl delete deploy web",
		"kubectl drain node-1 --force", "kubectl wait --for=condition=Available deploy/web",
		"kubectl set image deploy/web web=nginx:2", "kubectl rollout undo deploy/web --to-revision=1",
		"kubectl label deploy web a=b c-", "kubectl patch deploy web --type=json -p '[{\"op\":\"remove\",\"path\":\"/spec\"}]'",
		"kubectl exec deploy/web -- env", "kubectl -n kube-system describe nodes", "kubectl get deploy -o jsonpath='{.items[*]'",
		"kubectl create deployment x --image=a -- sh -c 'echo'", "kubectl apply -f web.yaml", "kubectl ---", "kubectl -",
		"kubectl rollout history deploy web --revision=1", "kubectl expose deploy web --port=80",
		"kubectl logs deploy/web --all-containers -p", "kubectl logs -l app=web -f --max-log-requests=1", "kubectl top pod",
		"kubectl taint nodes node-1 a=b:NoExecute", "kubectl taint nodes --all a:NoSchedule- b-", "kubectl diff -f web.yaml",
		"kubectl events --for=deploy/web --types=Warning -w", "kubectl cluster-info dump", "kubectl api-versions",
		"kubectl get ep -o yaml", "kubectl describe endpoints", "kubectl scale deploy web --replicas=3 --dry-run=server -o yaml",
		"kubectl patch deploy web -p '{\"metadata\":{\"labels\":null}}' --dry-run=client -o json",
	} {
		f.Add(s)
	}
	web := webYAML(2, "web", "nginx:1.14.2", "")
	f.Fuzz(func(t *testing.T, line string) {
		c := newTestCluster(t)
		in := Input{Files: map[string]string{"web.yaml": web}, Stdin: web, MaxWait: 20 * time.Second}
		if r := Run(c, "kubectl apply -f web.yaml", in); r.ExitCode != 0 {
			t.Fatal(r.Output)
		}
		start := c.Now()
		r := Run(c, line, in)
		if spent := c.Now().Sub(start); spent > in.MaxWait+time.Second {
			t.Fatalf("%q ran %v of simulated time, bound %v", line, spent, in.MaxWait)
		}
		if r.Output != "" && len(r.Output) != len(r.Stdout)+len(r.Stderr) {
			t.Fatalf("interleaved output lost bytes")
		}
	})
}
